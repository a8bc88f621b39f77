/**
 * The words of what a tier includes, written from the tier entitlements (tier-entitlements.ts) so
 * that /memberships promises exactly what the rules enforce (docs/product-rules.md#tier-entitlements).
 * Every function takes the entitlements it words, so a test can word a changed copy of the table.
 */
import { loungeBySlug, membershipTiers } from "./site-config.ts";
import {
  courseNames,
  eventKindNames,
  guestVisitsPerQuarter,
  lockerClasses,
  tierEntitlements,
  type GuestAllowance,
  type TierEntitlements,
  type TierSlug,
} from "./tier-entitlements.ts";

const smallNumbers = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** A count in words up to ten ("two"), in digits beyond. */
function countInWords(count: number): string {
  return smallNumbers[count] ?? String(count);
}

/** "a", "a and b", "a, b and c". */
function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`;
}

/** A tier's guest allowance as enforced: "one guest a day, the stick fee waived, on 4 days a month". */
export function guestAllowanceInWords(guests: GuestAllowance): string {
  const perDay =
    guests.guestDaysPerMonth === null && guests.guestsPerDay === 1
      ? "a guest every day"
      : `${countInWords(guests.guestsPerDay)} ${guests.guestsPerDay === 1 ? "guest" : "guests"} a day`;
  const fee = guests.plusOneStickFeeWaived
    ? guests.guestsPerDay === 1
      ? ", the stick fee waived"
      : ", the first one's stick fee waived"
    : "";
  const days = guests.guestDaysPerMonth === null ? "" : `, on ${guests.guestDaysPerMonth} days a month`;
  const extra =
    guests.extraGuestsOnEventNights > 0
      ? `, and ${countInWords(guests.extraGuestsOnEventNights)} extra ${guests.extraGuestsOnEventNights === 1 ? "guest" : "guests"} on event nights (their stick fee not waived)`
      : "";
  return `${perDay}${fee}${days}${extra}`;
}

/** The club-wide limit on one guest's visits, whoever hosts them. */
export function guestVisitLimitInWords(visitsPerQuarter = guestVisitsPerQuarter): string {
  return `The same guest may visit at most ${visitsPerQuarter} times a quarter, whoever hosts them.`;
}

/** The lines /memberships lists under a tier, in the order of the table's fields. */
export function tierInclusions(entitlements: TierEntitlements): string[] {
  const lounges = entitlements.lounges.map((slug) => {
    const lounge = loungeBySlug(slug);
    return `the ${lounge.name} (${lounge.hours})`;
  });
  const locker = lockerClasses[entitlements.lockerClass];
  const events = listInWords(entitlements.events.map((kind) => eventKindNames[kind]));
  const lines = [
    `Lounge access: ${listInWords(lounges)}`,
    `Quarterly locker: a ${locker.name.toLowerCase()} for up to ${locker.cigars} cigars${locker.nameplate ? ", with a nameplate whose text you choose" : ""}, offered when one is free (otherwise a place on its waitlist)`,
    `Guest privileges: ${guestAllowanceInWords(entitlements.guests)}`,
    `Member events: ${events}${entitlements.reservedSeating ? ", with reserved seating at master blender dinners" : ""}`,
    `Cigar Academy: ${listInWords(entitlements.courses.map((course) => courseNames[course]))}`,
  ];
  if (entitlements.meetingRooms)
    lines.push(`The ${loungeBySlug("business").name}'s meeting rooms, up to ${entitlements.meetingRoomHoursPerWeek} hours a week`);
  if (entitlements.conciergeService) lines.push("Concierge service for allocations, private rooms and travel humidors");
  return lines;
}

/** The names of some tiers, in the order of the tiers in site-config: "Business and Platinum". */
export function tierNamesInWords(slugs: readonly TierSlug[]): string {
  return listInWords(membershipTiers.filter((tier) => slugs.includes(tier.slug)).map((tier) => tier.name));
}

/**
 * The plus-one in one sentence for the home page: where the stick fee of the day's first guest is
 * waived every day and where only some days a month.
 */
export function plusOneInWords(table: Record<TierSlug, TierEntitlements> = tierEntitlements): string {
  const slugs = Object.keys(table) as TierSlug[];
  const waived = slugs.filter((slug) => table[slug].guests.plusOneStickFeeWaived);
  const daily = waived.filter((slug) => table[slug].guests.guestDaysPerMonth === null);
  const limited = waived.filter((slug) => table[slug].guests.guestDaysPerMonth !== null);
  const parts = [
    ...(daily.length > 0 ? [`every day with ${tierNamesInWords(daily)}`] : []),
    ...limited.map((slug) => `${countInWords(table[slug].guests.guestDaysPerMonth ?? 0)} days a month with ${tierNamesInWords([slug])}`),
  ];
  return `Bring a plus-one and we waive their stick fee: ${parts.join(", ")}.`;
}
