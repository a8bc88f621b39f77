import type { ReactNode } from "react";
import type { Route } from "./+types/public-health";
import { CardGrid, type Card } from "#app/ui/card-grid.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club, healthWarning } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Public Health",
    description:
      "The health risks of cigar smoking, nicotine addiction and secondhand smoke, with free help to quit from the Oregon Tobacco Quit Line and smokefree.gov.",
  });

const quitLine = { display: "1-800-QUIT-NOW (1-800-784-8669)", e164: "+18007848669" };

const risks = [
  {
    title: "Cancer",
    body: "Regular cigar smoking causes cancers of the mouth, throat, larynx and esophagus, even without inhaling: the smoke bathes the mouth and throat, and its toxins dissolve in saliva that is swallowed. Those who inhale also face a greater risk of lung cancer.",
  },
  {
    title: "Heart and lungs",
    body: "Cigar smoke raises the risk of heart disease and of chronic obstructive pulmonary disease (COPD). The risk climbs with the number of cigars smoked and with how deeply the smoke is drawn in.",
  },
  {
    title: "Secondhand smoke",
    body: "Cigar smoke carries the same toxic and cancer-causing substances as cigarette smoke, and a single cigar can produce far more of it. There is no safe level of exposure to secondhand smoke for the people around you.",
  },
  {
    title: "Pregnancy",
    body: "Tobacco use during pregnancy can harm both parent and baby, including a higher risk of low birth weight and stillbirth.",
  },
];

const nicotineFacts = [
  "Nicotine is absorbed through the lining of the mouth, so a cigar delivers it even when the smoke is never inhaled.",
  "A single large cigar can contain as much tobacco as a whole pack of cigarettes.",
  "Cigars are not a safe alternative to cigarettes, and an occasional cigar is not free of risk.",
  "Signs of dependence include smoking more or more often than you intended, cravings between cigars, and finding it hard to go without.",
];

/** The outside link beneath a quit resource, opening in a new tab. */
function QuitResourceLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="mt-4">
      <a href={href} target="_blank" rel="noopener noreferrer" className="text-brass underline hover:text-cream">
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

const quitResources: Card[] = [
  {
    title: "Oregon Tobacco Quit Line",
    body: "Free, confidential coaching for Oregon residents by phone or online, with a personal quit plan and, for many callers, free nicotine replacement such as patches or gum.",
    extra: <QuitResourceLink href={club.addictionResources.url}>{club.addictionResources.label}</QuitResourceLink>,
  },
  {
    title: "Smokefree.gov",
    body: "The U.S. National Cancer Institute's free quit guides, text-message support programs and apps, for every kind of tobacco user and every stage of quitting.",
    extra: <QuitResourceLink href={club.quitResourcesUrl}>Visit smokefree.gov</QuitResourceLink>,
  },
];

export default function PublicHealth() {
  return (
    <>
      <PageHero eyebrow="Public Health" title="Enjoyed with open eyes.">
        <p>
          {club.name} exists for adults who have chosen to smoke cigars. We owe them, and everyone considering a cigar, the plain facts
          about the risks and the best help available to stop.
        </p>
      </PageHero>

      <Section id="warning" eyebrow="Health warning" title="The warning on every page">
        <p className="max-w-3xl rounded-sm border-2 border-warning bg-leather p-6 text-xl font-semibold text-warning sm:text-2xl">
          {healthWarning}
        </p>
        <p className="mt-6 max-w-3xl text-smoke">
          Cigars are for adults only. Sale to anyone under {club.minimumAge} is prohibited in Oregon, and no one under {club.minimumAge} is
          admitted to our lounges.
        </p>
      </Section>

      <Section id="risks" eyebrow="The risks" title="What cigar smoking does to the body" tone="humidor">
        <CardGrid cards={risks} className="sm:grid-cols-2" onHumidor />
      </Section>

      <Section id="nicotine" eyebrow="Addiction" title="Nicotine is addictive, whichever way it arrives">
        <div className="prose-club">
          <ul>
            {nicotineFacts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          <p>
            If any of this sounds familiar, you are not alone, and free help works. People who quit with coaching and medication are far
            more likely to succeed than those who try on willpower alone.
          </p>
        </div>
      </Section>

      <Section id="quit" eyebrow="Free help to quit" title="Ready to stop, or just curious?" tone="humidor">
        <p className="max-w-3xl text-lg text-smoke">
          Call the Oregon Tobacco Quit Line at{" "}
          <a href={`tel:${quitLine.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {quitLine.display}
          </a>
          . The call is free and confidential.
        </p>
        <CardGrid cards={quitResources} className="mt-8 md:grid-cols-2" onHumidor />
        <p className="mt-8 max-w-3xl text-smoke">
          A member who decides to stop can talk to the concierge in confidence about pausing a locker or changing tier. Leaving the humidor
          behind will never cost you your place among friends.
        </p>
      </Section>
    </>
  );
}
