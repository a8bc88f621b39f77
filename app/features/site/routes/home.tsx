import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ArtImage } from "#app/ui/art-image.tsx";
import { ButtonLink, buttonClasses } from "#app/ui/button-link.tsx";
import { ExecutiveAccessButton } from "#app/features/executive-invitation/invitation-dialog.tsx";
import { CardGrid } from "#app/ui/card-grid.tsx";
import { ClubRulesSummary } from "../club-rules-summary.tsx";
import { LoungeCards } from "../lounges/lounge-cards.tsx";
import { Section } from "#app/ui/section.tsx";
import { SmsInvitationBlock } from "#app/features/sms-invitation/sms-invitation-block.tsx";
import { SmsRatesNotice } from "#app/features/sms-invitation/sms-rates-notice.tsx";
import { Timeline } from "#app/ui/timeline.tsx";
import { requestContext } from "#app/context.ts";
import { localBusinessJsonLd } from "../local-business.ts";
import { pageMeta, siteUrlFrom } from "#app/lib/meta.ts";
import { club, formatPriceRange, lounges } from "../site-config.ts";
import { hasPassedSmsVerification } from "#app/features/sms-invitation/sms-verified.server.ts";
import { useAuth } from "#app/features/sign-in/auth.tsx";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: club.name, description: club.description }),
  { "script:ld+json": localBusinessJsonLd(siteUrlFrom(args.matches)) },
];

const benefits = [
  {
    title: "Premium Access",
    body: "Three private lounges across Portland, each with its own humidor room, bar and hours kept for members alone.",
  },
  {
    title: "Quarterly Lockers",
    body: "A climate-controlled locker held at 69% humidity and 68°F, rotated and logged with you every quarter.",
  },
  {
    title: "Guest Privileges",
    // Written out, not built from the tier entitlements, to keep their words' code off the home
    // page's first load; tests/unit/site/tier-inclusions-pages.test.tsx holds it to plusOneInWords.
    body: "Bring a plus-one and we waive their stick fee: every day with Business and Platinum, four days a month with Kickback. Introductions are how this society has always grown.",
  },
  {
    title: "Member Events",
    body: "Tasting nights, patio evenings and master blender dinners, announced to members before anyone else.",
  },
];

const blenderEvents = [
  {
    label: "January",
    title: "Dominican Ligero Night",
    body: "A Santiago blender walks the table through three primings of the same leaf.",
  },
  {
    label: "April",
    title: "Connecticut Shade Harvest Dinner",
    body: "Five courses paired with the year's first shade-grown releases, at the Platinum Lounge.",
  },
  {
    label: "September",
    title: "Nicaraguan Estelí Roll-Off",
    body: "A torcedor rolls to order on the Kickback patio while members vote on the house blend.",
  },
];

// The SMS block renders 'Access Granted' in the first HTML for a browser that has passed SMS
// verification (the signed cookie /api/verify-sms sets).
export async function loader({ context }: Route.LoaderArgs) {
  return { smsVerified: await hasPassedSmsVerification(context.get(requestContext)) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { user } = useAuth();
  return (
    <>
      {/* The two above-the-fold visuals are `priority` images: React hoists a preload for each into
          <head> (docs/product-rules.md#site: two images are preloaded). */}
      <section aria-labelledby="hero-title" className="relative overflow-hidden bg-night">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-5 py-14 sm:py-20 lg:grid-cols-[1.05fr_1fr]">
          <div>
            <div className="w-48 sm:w-60">
              <ArtImage src="/images/crest.svg" alt="" width={320} height={120} priority />
            </div>
            <p className="mt-6 text-xs font-semibold uppercase tracking-[0.3em] text-brass">{club.tagline}</p>
            <h1 id="hero-title" className="mt-4 text-5xl text-cream sm:text-7xl">
              The inner circle keeps its chairs warm.
            </h1>
            <p className="mt-6 max-w-xl text-lg text-smoke">
              {club.name} is a private cigar lounge network for Portland's collectors, dealmakers and late-evening conversationalists.
              Membership comes by introduction, and every introduction begins with a sit-down.
            </p>
            {/* A signed-in member has no login to make and no invitation to ask for
                (docs/product-rules.md#site). */}
            <div className="mt-9 flex flex-wrap gap-4">
              {user ? <ButtonLink to="/members">Members Area</ButtonLink> : <ButtonLink to="/auth">Member Login</ButtonLink>}
              <ButtonLink to="/schedule-sit-down" variant="secondary">
                Request Sit Down
              </ButtonLink>
              {user ? null : <ExecutiveAccessButton className={buttonClasses("quiet")}>Request Executive Invitation</ExecutiveAccessButton>}
            </div>
          </div>
          <ArtImage
            src="/images/hero-lounge.svg"
            alt="A leather armchair beside a brass lamp, smoke curling from a resting cigar"
            width={960}
            height={720}
            priority
            className="rounded-sm shadow-2xl shadow-black/60"
          />
        </div>
      </section>

      <Section id="benefits" eyebrow="Membership" title="What the key opens" tone="humidor">
        <CardGrid cards={benefits} className="sm:grid-cols-2 lg:grid-cols-4" onHumidor titleTone="brass" />
        <p className="mt-8">
          <Link to="/memberships" className="text-brass underline">
            Compare membership tiers, from {formatPriceRange(" to ")} a month
          </Link>
        </p>
      </Section>

      <Section id="lounges" eyebrow="The lounges" title="Three rooms, one society">
        <LoungeCards lounges={lounges} />
      </Section>

      <Section id="blender-events" eyebrow="Master blender events" title="An evening with the people who make the leaf" tone="humidor">
        <Timeline entries={blenderEvents} columns="md:grid-cols-3" />
      </Section>

      <Section id="academy" eyebrow="Cigar Academy" title="Learn the leaf, from seed to ash">
        <div className="grid gap-8 md:grid-cols-[2fr_1fr] md:items-end">
          <p className="text-lg text-smoke">
            Four courses taught in the Business Lounge library: Foundations, Blending &amp; Terroir, Humidor Craft, and the Sommelier
            Pairing masterclass. Small tables, real tobacco, and a certificate the club actually frames.
          </p>
          <div>
            <ButtonLink to="/cigar-academy" variant="secondary">
              Explore the Academy
            </ButtonLink>
          </div>
        </div>
      </Section>

      <Section id="sms-invitation" eyebrow="Invitation by SMS" title="Your invitation, by text message" tone="humidor">
        <div className="grid gap-10 md:grid-cols-2">
          <div className="text-lg text-smoke">
            <p>
              Enter a US mobile number and we will text you a verification code. Enter the code here and the invitation pages open to you.
            </p>
            <SmsRatesNotice className="mt-4 text-base" />
          </div>
          <div className="rounded-sm border border-cedar bg-night p-6 sm:p-8">
            <SmsInvitationBlock verifiedByServer={loaderData.smsVerified} />
          </div>
        </div>
      </Section>

      <section aria-labelledby="family-title" className="border-y border-cedar bg-leather">
        <div className="mx-auto flex max-w-5xl flex-col items-center px-5 py-16 text-center">
          <h2 id="family-title" className="text-4xl text-cream sm:text-5xl">
            Become Family
          </h2>
          <p className="mt-5 max-w-2xl text-lg text-smoke">
            Every member started with a conversation. Ask for a sit-down with the concierge: forty-five minutes in the lounge of your
            choosing, and no obligation on either side.
          </p>
          <div className="mt-8">
            <ButtonLink to="/schedule-sit-down">Request Sit Down</ButtonLink>
          </div>
        </div>
      </section>

      <Section id="club-rules" eyebrow="Club Rules" title="Four rules, kept without exception">
        <ClubRulesSummary />
        <p className="mt-8 text-smoke">
          Members must accept the club rules before entering member areas.{" "}
          <Link to="/rules" className="text-brass underline">
            Read the full club rules
          </Link>
        </p>
      </Section>
    </>
  );
}
