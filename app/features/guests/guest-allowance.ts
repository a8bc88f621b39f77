import { entitlementsOf, type TierSlug } from "#app/features/site/tier-entitlements.ts";

/**
 * The guest allowance in the words /members and /members/guests show (docs/product-rules.md#guests),
 * from the tier's entitlements: "2 of 4 guest days left this month" for a tier with guest days a
 * month, "A guest every day" for the daily tiers, and the event-night extras where the tier has them.
 */
const numberWords = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

function spelled(count: number): string {
  return numberWords[count] ?? String(count);
}

/** Guest days a host has used in a later month (one they registered guests for ahead). */
export interface LaterMonthGuestDays {
  /** "December". */
  month: string;
  used: number;
}

/**
 * For a tier with guest days a month, the later months the host has registered guests in follow
 * this month's count ("2 of 4 guest days left this month; 3 of 4 in December."): a guest can be
 * registered up to 60 days ahead, and each month has its own allowance.
 */
export function guestAllowanceText(tier: TierSlug, guestDaysThisMonth: number, laterMonths: LaterMonthGuestDays[] = []): string {
  const { guestsPerDay, guestDaysPerMonth, extraGuestsOnEventNights } = entitlementsOf(tier).guests;
  const perDay = guestsPerDay === 1 ? "A guest" : `${spelled(guestsPerDay).replace(/^./, (letter) => letter.toUpperCase())} guests`;
  const extras =
    extraGuestsOnEventNights > 0
      ? `, and ${spelled(extraGuestsOnEventNights)} extra guest${extraGuestsOnEventNights === 1 ? "" : "s"} on event nights`
      : "";
  if (guestDaysPerMonth === null) return `${perDay} every day${extras}.`;
  const left = (used: number) => Math.max(0, guestDaysPerMonth - used);
  const later = laterMonths.map(({ month, used }) => `; ${left(used)} of ${guestDaysPerMonth} in ${month}`).join("");
  return `${left(guestDaysThisMonth)} of ${guestDaysPerMonth} guest days left this month${later}${extras}.`;
}

/** Whether the tier waives the stick fee of the day's first guest, in words. */
export function stickFeeText(tier: TierSlug): string {
  const { plusOneStickFeeWaived, extraGuestsOnEventNights } = entitlementsOf(tier).guests;
  if (!plusOneStickFeeWaived) return "Your guests pay the stick fee.";
  return extraGuestsOnEventNights > 0
    ? "The stick fee of your first guest each day is waived; extra guests on event nights pay it."
    : "The stick fee of your first guest each day is waived.";
}
