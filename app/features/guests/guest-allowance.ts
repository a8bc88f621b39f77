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

export function guestAllowanceText(tier: TierSlug, guestDaysThisMonth: number): string {
  const { guestsPerDay, guestDaysPerMonth, extraGuestsOnEventNights } = entitlementsOf(tier).guests;
  const perDay = guestsPerDay === 1 ? "A guest" : `${spelled(guestsPerDay).replace(/^./, (letter) => letter.toUpperCase())} guests`;
  const extras =
    extraGuestsOnEventNights > 0
      ? `, and ${spelled(extraGuestsOnEventNights)} extra guest${extraGuestsOnEventNights === 1 ? "" : "s"} on event nights`
      : "";
  if (guestDaysPerMonth === null) return `${perDay} every day${extras}.`;
  const left = Math.max(0, guestDaysPerMonth - guestDaysThisMonth);
  return `${left} of ${guestDaysPerMonth} guest days left this month${extras}.`;
}

/** Whether the tier waives the stick fee of the day's first guest, in words. */
export function stickFeeText(tier: TierSlug): string {
  return entitlementsOf(tier).guests.plusOneStickFeeWaived
    ? "The stick fee of your first guest each day is waived; extra guests on event nights pay it."
    : "Your guests pay the stick fee.";
}
