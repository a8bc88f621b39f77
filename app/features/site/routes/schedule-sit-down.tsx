import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/schedule-sit-down";
import { ButtonLink, buttonClasses } from "#app/ui/button-link.tsx";
import { ExecutiveAccessButton } from "#app/features/executive-invitation/invitation-dialog.tsx";
import { CardGrid } from "#app/ui/card-grid.tsx";
import { DiamondList } from "#app/ui/diamond-list.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { Timeline } from "#app/ui/timeline.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Request a Sit-Down",
    description: `Forty-five minutes with the ${club.name} concierge in the Portland lounge of your choosing, with no obligation. How to ask for your sit-down.`,
  });

const promises = [
  { title: "Forty-five minutes", body: "Long enough to smoke the first third properly and ask every question you came with." },
  { title: "A lounge of your choosing", body: "Pearl District, downtown or Northwest 23rd. You see the room you would actually use." },
  {
    title: "The humidor, opened",
    body: "The concierge walks the walk-in humidor with you and explains how members keep and buy their cigars.",
  },
  { title: "No obligation", body: "Nothing to sign at the table and no follow-up calls unless you ask for one." },
];

const guests = [
  "The evening regular who is tired of standing at a shop counter and wants a proper chair and familiar faces.",
  "The host who needs a quiet room for clients during the working day, with coffee at seven and Wi-Fi that holds.",
  "The collector who wants allocations set aside, a cedar-lined locker and someone who remembers the order.",
  "Anyone a current member has mentioned to us. Say their name when you call; introductions carry weight here.",
];

const agenda = [
  {
    label: "Minutes 0 – 10",
    title: "Arrival and a short tour",
    body: "ID at the door, then the lounge, the humidor room and the lockers.",
  },
  { label: "Minutes 10 – 25", title: "Talking tobacco", body: "Tell the concierge what you usually smoke, or what you have never tried." },
  {
    label: "Minutes 25 – 40",
    title: "The conversation",
    body: "How you would use the club, the three tiers, guest privileges and the house rules.",
  },
  {
    label: "Minutes 40 – 45",
    title: "Your questions, then the door",
    body: "You leave with a tier sheet and the concierge's direct line. Nothing else.",
  },
];

export default function ScheduleSitDown() {
  // A guest's invitation to apply links here with ?guest=… (docs/product-rules.md#guests): the
  // request they send from this page names their host as their connection once the server has
  // checked the reference.
  const invitedGuest = useSearchParams()[0].has("guest");
  return (
    <>
      <PageHero eyebrow="Request Sit Down" title="Forty-five minutes, one good conversation, no obligation.">
        <p>
          Every member of {club.name} began with a sit-down: a private conversation with the concierge in one of our lounges, before anyone
          talks about dues.
        </p>
      </PageHero>

      <Section id="what-it-is" title="What a sit-down is">
        <CardGrid cards={promises} className="sm:grid-cols-2 lg:grid-cols-4" titleTone="brass" />
        <p className="mt-8 max-w-3xl text-smoke">
          Mornings are held at the Business Lounge, afternoons at the Kickback Lounge, and evenings after 6 pm at the Platinum Lounge by
          arrangement.{" "}
          <Link to="/lounges" className="text-brass underline">
            See the three lounges
          </Link>
          .
        </p>
      </Section>

      <Section id="who-its-for" title="Who it is for" tone="humidor">
        <DiamondList items={guests} className="max-w-3xl space-y-4" />
        <p className="mt-8 max-w-3xl text-smoke">
          You must be {club.minimumAge} or older, and we check photo ID at the door. If you do not smoke, come anyway: coffee or a pour is
          just as welcome, and we would rather not be the reason anyone starts.{" "}
          <Link to="/public-health" className="text-brass underline">
            Read our public health page
          </Link>
          .
        </p>
      </Section>

      <Section id="what-happens" title="What happens, minute by minute">
        <Timeline entries={agenda} columns="md:grid-cols-2 lg:grid-cols-4" />
      </Section>

      <Section id="how-to-ask" title="How to ask for one" tone="humidor">
        {invitedGuest ? (
          <div className="mb-10 max-w-3xl rounded-sm border border-brass p-6">
            <p className="text-lg text-cream">
              You have been our guest. Ask for your invitation here and the member who hosted you is named as your connection.
            </p>
            <ExecutiveAccessButton className={`${buttonClasses("primary")} mt-6`}>Ask for an invitation</ExecutiveAccessButton>
          </div>
        ) : null}
        <div className="max-w-3xl space-y-4 text-lg text-smoke">
          <p>
            Call the office on {club.officePhone.display}, Monday to Saturday between 10 am and 6 pm, and ask for a sit-down. The concierge
            offers two or three times within the next ten days.
          </p>
          <p>
            Prefer to write? Ask for an executive invitation through Executive Access in the header or footer of any page. The concierge
            replies within two business days.
          </p>
        </div>
        <div className="mt-10 flex flex-wrap gap-4">
          <a href={`tel:${club.officePhone.e164}`} className={buttonClasses("primary")}>
            Call the office: {club.officePhone.display}
          </a>
          <ButtonLink to="/memberships" variant="secondary">
            Compare memberships
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
