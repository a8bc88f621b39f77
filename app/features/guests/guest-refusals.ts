import { club } from "#app/features/site/site-config.ts";
import type { RegisterGuestResult } from "#worker/features/guests/guest-visits.ts";

/**
 * Why a guest was not registered, in the words /members/guests and the calendar's RSVP show
 * (docs/product-rules.md#guests): one sentence for each refusal of the guest rules.
 */
export function guestRefusalText(
  reason: Extract<RegisterGuestResult, { ok: false }>["reason"],
  guest: string,
  dayLabel: string,
  limit: number,
): string {
  switch (reason) {
    case "not-allowed":
      return `Your membership does not allow guests right now. Please call the office at ${club.officePhone.display}.`;
    case "already-registered":
      return `${guest} is already your guest on ${dayLabel}.`;
    case "day-full":
      return `You already have every guest your membership allows on ${dayLabel}.`;
    case "month-full":
      return "You have used every guest day of that month. Guest days return on the first of the month.";
    case "too-many-registrations":
      return "You have registered many guests today; the concierge can help with more.";
    case "guest-quarter-limit":
      return `${guest} has visited ${limit} times this quarter, the most a guest may. They are welcome to ask for an invitation to join.`;
  }
}
