import { Link } from "react-router";
import type { Route } from "./+types/members";
import { CardGrid } from "#app/ui/card-grid.tsx";
import { DiamondList } from "#app/ui/diamond-list.tsx";
import { GuestSummary } from "#app/features/guests/guest-summary.tsx";
import { guestAllowanceText } from "#app/features/guests/guest-allowance.ts";
import { hostGuestStatus } from "#app/features/guests/guests.server.ts";
import { MembershipSummary } from "../membership-summary.tsx";
import { lockerSummary, memberLockerView } from "#app/features/lockers/locker-view.ts";
import { loadMemberLocker } from "#app/features/lockers/member-locker.server.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { isFirstSignIn, memberWithAcceptedRules } from "../member-area.server.ts";
import { formatPortlandDay, portlandDay } from "../member-dates.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { rulesEffectiveDate } from "#app/features/site/club-code-of-conduct.tsx";
import { club, lounges, membershipTiers } from "#app/features/site/site-config.ts";
import { entitlementsOf } from "#app/features/site/tier-entitlements.ts";
import { CalendarLinks } from "#app/features/calendar/calendar-links.tsx";
import { NextBookings } from "#app/features/calendar/next-bookings.tsx";
import { nextBookings } from "#app/features/calendar/next-bookings.server.ts";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Members Area",
    description: `The private members area of ${club.name}: lounge hours, concierge services, rewards, the media kit, partner vendors and the club rules.`,
  }),
  { name: "robots", content: "noindex" },
];

/** The member's membership, guests and next bookings; null while the rules step shows. */
export async function loader({ context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  if (!member) return null;
  const { env } = context.get(requestContext);
  const now = new Date();
  const [firstSignIn, locker, guests, bookings] = await Promise.all([
    isFirstSignIn(env.DB, member.id),
    loadMemberLocker(env.DB, member.id),
    hostGuestStatus(env.DB, member.id, portlandDay(now)),
    nextBookings(env.DB, member, now.getTime(), 3),
  ]);
  return {
    // "Welcome" on a member's first sign-in, "Welcome back" after (docs/product-rules.md#member-area).
    greeting: `${firstSignIn ? "Welcome" : "Welcome back"}, ${member.name}.`,
    tierName: membershipTiers.find((tier) => tier.slug === member.tier)?.name ?? member.tier,
    locker: locker ? lockerSummary(memberLockerView(locker)) : null,
    guests: {
      allowance: guestAllowanceText(member.tier, guests.guestDaysThisMonth),
      next: guests.upcoming[0] ? { guestName: guests.upcoming[0].guestName, dayLabel: formatPortlandDay(guests.upcoming[0].day) } : null,
    },
    bookings,
    meetingRooms: entitlementsOf(member.tier).meetingRooms,
  };
}

const memberPages = [
  {
    to: "/members/card",
    title: "Member Card",
    body: "Your card for the door: a code that renews itself every 30 seconds. Add it to your phone's home screen and it opens offline.",
  },
  {
    to: "/rewards",
    title: "Rewards Shop",
    body: "Every dollar of dues and lounge spend earns a point. See what points open, from cutters to a reserved seat at a blender dinner.",
  },
  {
    to: "/luxury-vendors",
    title: "Luxury Vendors",
    body: "Portland makers and services who extend a private offer to members, from tailoring to a car home at 2 am.",
  },
  {
    to: "/media",
    title: "Media Kit",
    body: "The crest, the logo pack and the press fact sheet, with the guidelines for using them.",
  },
  {
    to: "/cigar-academy",
    title: "Cigar Academy",
    body: "Course dates, reading lists and the masterclasses your tier includes.",
  },
  {
    to: "/gameroom",
    title: "Game Room",
    body: "What is on the tables this season, and when the house tournaments are played.",
  },
  {
    to: "/members/devices",
    title: "Sign-in & Devices",
    body: "Where you are signed in and the passkeys that open your membership; sign out of any device from here.",
  },
  {
    to: "/members/billing",
    title: "Membership & Billing",
    body: "Your tier, your dues and next renewal, every payment, and your card and invoices.",
  },
  {
    to: "/members/sponsorships",
    title: "Vouch Requests",
    body: "Applicants who named you as their connection, and your word on each for the concierge.",
  },
  {
    to: "/rules",
    title: "Club Rules",
    body: `The full code of conduct you accepted before entering, effective ${rulesEffectiveDate}.`,
  },
];

const conciergeServices = [
  "Open your locker, take an inventory or arrange a travel humidor for a trip.",
  "Reserve a Business Lounge meeting room or a private room for an evening.",
  "Reply to an event invitation, or add your plus-one to the guest list ahead of time.",
  "Source an allocation, a retired blend or a box for a gift.",
  "Call a car for you or your guest at the end of the night.",
];

export default function Members({ loaderData }: Route.ComponentProps) {
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  return (
    <>
      <PageHero eyebrow="Members Area" title={loaderData.greeting}>
        <p>
          This is the members' side of {club.name}: your locker and guest privileges, the evenings ahead, the rewards you have earned and
          the people who keep your chair warm.
        </p>
      </PageHero>

      <Section id="membership" eyebrow="Your membership" title="Tier and locker">
        <MembershipSummary tierName={loaderData.tierName} locker={loaderData.locker} />
      </Section>

      <Section id="guest-privileges" eyebrow="Guest privileges" title="Your guests" tone="humidor">
        <GuestSummary allowance={loaderData.guests.allowance} next={loaderData.guests.next} />
      </Section>

      <Section id="next-bookings" eyebrow="Club calendar" title="Your next bookings">
        <NextBookings bookings={loaderData.bookings} />
        <CalendarLinks meetingRooms={loaderData.meetingRooms} />
      </Section>

      <Section id="member-pages" eyebrow="In the members area" title="Where to next" tone="humidor">
        <CardGrid cards={memberPages} className="sm:grid-cols-2 lg:grid-cols-3" onHumidor />
      </Section>

      <Section id="lounge-hours" eyebrow="The lounges" title="Doors and hours">
        <ul className="grid gap-6 md:grid-cols-3">
          {lounges.map((lounge) => (
            <li key={lounge.path} className="rounded-sm border border-cedar p-6">
              <h3 className="text-2xl text-cream">
                <Link to={lounge.path} className="hover:text-brass">
                  {lounge.name}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-brass">{lounge.neighbourhood}</p>
              <p className="mt-3 text-smoke">{lounge.hours}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          Your membership tier decides which lounges open to you. Guests must be {club.minimumAge} or older and show photo ID at the door on
          every visit.
        </p>
      </Section>

      <Section id="concierge" eyebrow="Concierge" title="One call away" tone="humidor">
        <div className="grid gap-10 md:grid-cols-[2fr_1fr]">
          <DiamondList items={conciergeServices} className="space-y-3" />
          <div>
            <p className="text-smoke">Call the office, or ask at the bar of any lounge.</p>
            <p className="mt-3">
              <a href={`tel:${club.officePhone.e164}`} className="font-display text-3xl text-brass underline hover:text-cream">
                {club.officePhone.display}
              </a>
            </p>
          </div>
        </div>
      </Section>
    </>
  );
}
