import { Link } from "react-router";
import type { Route } from "./+types/compliance";
import { CardGrid } from "#app/ui/card-grid.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club, healthWarning } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Regulatory Compliance",
    description: `How ${club.name} keeps Oregon's Tobacco 21 law, state and county tobacco retail licensing, the Indoor Clean Air Act and federal cigar warnings.`,
  });

const ageMeasures = [
  "Every visitor to this website answers an age question before entering, and anyone who answers under 21 is sent to quit-smoking resources instead.",
  "Membership begins with a sit-down, where the concierge checks a valid government-issued photo ID before any application is accepted.",
  "Members show their member credential at the door of every lounge, and photo ID whenever staff ask for it.",
  "Guests must also be 21 or older, and every guest shows valid government-issued photo ID at the door on every visit, whatever their apparent age.",
  "We sell no tobacco product to anyone under 21, and a member may not buy for, or hand a cigar to, anyone under 21.",
  "No one under 21 enters a lounge, its patio or its humidor room for any reason, including when accompanied by a parent or a member.",
  "We do not sell or ship tobacco online: every purchase is made in person, inside a lounge, after the checks above.",
];

const licenses = [
  {
    title: "Oregon Tobacco Retail License",
    body: "Since 2022, every business in Oregon that sells tobacco products or inhalant delivery systems must hold a state tobacco retail license for each location. Each of our lounges holds its own license, issued by the Oregon Department of Revenue and renewed every year, and accepts the compliance inspections carried out by the Oregon Health Authority.",
  },
  {
    title: "Multnomah County tobacco retail license",
    body: "Multnomah County, which includes Portland, requires tobacco retailers to hold a county license as well. Each lounge renews its county license annually and is open to the county's inspections and underage-sales compliance checks.",
  },
  {
    title: "City of Portland business registration",
    body: "The club is registered for the City of Portland and Multnomah County business taxes, and each lounge keeps the city permits its premises require.",
  },
];

const cleanAirConditions = [
  "No one under 21 is admitted to any lounge, which is stricter than the exemption itself requires.",
  "Smoking takes place only in the rooms covered by each lounge's certification, and those rooms are physically separated from any neighboring business.",
  "Each smoking room has its own dedicated ventilation, serviced on a fixed schedule, so that smoke does not travel to other spaces.",
  "Food and drink service is limited to what the exemption allows for the kind of certification each lounge holds.",
  "Patios keep the distance Oregon law requires from entrances, exits, windows that open and air intakes.",
  "Cigars and pipe tobacco only: cigarettes, vaping devices and cannabis are not permitted in any lounge.",
  "Required signs are posted at every entrance, and certifications are renewed whenever the law requires.",
];

/** The cigar warning statements published by the U.S. Food and Drug Administration. */
const warningStatements = [
  healthWarning,
  "WARNING: Cigar smoking can cause lung cancer and heart disease.",
  "WARNING: Cigars are not a safe alternative to cigarettes.",
  "WARNING: Tobacco smoke increases the risk of lung cancer and heart disease, even in nonsmokers.",
  "WARNING: Cigar use while pregnant can harm you and your baby.",
  "WARNING: This product contains nicotine. Nicotine is an addictive chemical.",
];

export default function Compliance() {
  return (
    <>
      <PageHero eyebrow="Regulatory Compliance" title="Private does not mean outside the law.">
        <p>
          {club.name} is a members-only society, and we hold ourselves to every rule that governs the sale and enjoyment of tobacco in
          Oregon. This page sets out the laws that shape our lounges and what each one means for members and their guests.
        </p>
      </PageHero>

      <Section id="tobacco-21" eyebrow="Minimum age" title="Tobacco 21: no one under 21, ever">
        <div className="prose-club">
          <p>
            Since January 1, 2018, Oregon law (<strong>ORS 431A.175</strong>) has set 21 as the minimum legal sales age for tobacco products
            and inhalant delivery systems. Federal law has set the same minimum age nationwide since December 2019. At {club.name}, 21 is
            not only the age of sale: it is the age of admission, for members and guests alike.
          </p>
          <h3>What it means at the club</h3>
          <ul>
            {ageMeasures.map((measure) => (
              <li key={measure}>{measure}</li>
            ))}
          </ul>
          <p>
            Staff are trained to refuse entry or service when an ID is missing, expired or doubtful. A refusal is never personal, and it is
            never overruled by a member.
          </p>
        </div>
      </Section>

      <Section id="licensing" eyebrow="Licensing" title="Licensed at every level" tone="humidor">
        <CardGrid cards={licenses} className="md:grid-cols-3" onHumidor />
        <p className="mt-8 max-w-3xl text-smoke">
          Current licenses are posted at the point of sale in each lounge, and the lounge manager will show them to any member, guest or
          inspector who asks.
        </p>
      </Section>

      <Section id="indoor-clean-air" eyebrow="Smoke-free law" title="The Oregon Indoor Clean Air Act">
        <div className="prose-club">
          <p>
            Oregon's Indoor Clean Air Act prohibits smoking in enclosed workplaces and public places. Being a private club does not, by
            itself, place a room outside that law. The Act provides narrow exemptions for smoke shops and cigar bars certified by the Oregon
            Health Authority, and our lounges operate under the exemptions Oregon law provides for certified cigar bars and smoke shops.
          </p>
          <p>An exemption comes with conditions, and we keep them:</p>
          <ul>
            {cleanAirConditions.map((condition) => (
              <li key={condition}>{condition}</li>
            ))}
          </ul>
          <p>
            If a condition of an exemption changes, the lounge changes with it, even when that means closing a room or ending a service.
          </p>
        </div>
      </Section>

      <Section id="health-warnings" eyebrow="Federal warnings" title="Health warnings we display" tone="humidor">
        <div className="prose-club">
          <p>
            The U.S. Food and Drug Administration regulates cigars as tobacco products and has published the health warning statements
            below. We show one of them at the top of every page of this website, display them in every lounge and at every point of sale,
            and stock only cigars from manufacturers who meet their federal packaging and labeling obligations.
          </p>
          <ul>
            {warningStatements.map((statement) => (
              <li key={statement}>
                <strong>{statement}</strong>
              </li>
            ))}
          </ul>
          <p>
            Federal rules also bar giving tobacco products away as free samples, so no cigar is ever given away at {club.name}: not as a
            welcome, a prize, a reward or a promotion.
          </p>
        </div>
      </Section>

      <Section id="compliance-contact" eyebrow="Questions" title="Speak with the office">
        <div className="prose-club">
          <p>
            Inspectors, members and guests with a compliance question can call the office at{" "}
            <a href={`tel:${club.officePhone.e164}`}>{club.officePhone.display}</a>. For the risks of cigar smoking and free help to quit,
            see <Link to="/public-health">Public Health</Link>. How these rules apply inside the lounges is set out in the{" "}
            <Link to="/rules">Club Rules</Link> and the <Link to="/terms">Terms of Membership</Link>.
          </p>
        </div>
      </Section>
    </>
  );
}
