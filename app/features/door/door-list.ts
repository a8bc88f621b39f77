import { entitlementsOf, type LoungeSlug, type TierSlug } from "#app/features/site/tier-entitlements.ts";

/**
 * What the door device keeps (docs/product-rules.md#door): the status list it verifies against
 * offline, the check-ins it queues, and the sync's answers. Plain types and pure rules only: the
 * door page and the Worker share them.
 */

export const doorLounges = ["kickback", "business", "platinum"] as const satisfies readonly LoungeSlug[];

export interface DoorListMember {
  id: string;
  name: string;
  tier: TierSlug;
  status: "invited" | "active" | "suspended";
  duesStatus: "active" | "past_due" | "lapsed";
  hasPhoto: boolean;
  /** Guests the member has today (expected guest visits, door check-ins included). */
  guestsToday: number;
  /** The month's guest days are used up and today is not one of them. */
  guestDaysUsedUp: boolean;
}

export interface DoorExpectedGuest {
  /** The guest visit's id. */
  id: string;
  hostMemberId: string;
  guestName: string;
  lounge: LoungeSlug;
  checkedIn: boolean;
}

export interface DoorList {
  /** When the Worker read the list (ISO). */
  syncedAt: string;
  /** The Portland day the list is for (YYYY-MM-DD). */
  day: string;
  members: DoorListMember[];
  revokedCardIds: string[];
  expectedGuests: DoorExpectedGuest[];
  /** Lounges with a club event tonight: the tiers' extra guests apply there. */
  eventNightLounges: LoungeSlug[];
}

/**
 * Guests the member may still bring today at `lounge` (the guest rules of
 * worker/features/guests/guest-visits.ts, which decide again on sync): the tier's guests a day,
 * plus the event-night extras, less the guests they have today; none when the month's guest days
 * are used up and today is not one of them, or when the lounge is not one of the tier's.
 */
export function guestsLeftToday(
  member: Pick<DoorListMember, "tier" | "guestsToday" | "guestDaysUsedUp">,
  lounge: LoungeSlug,
  eventNight: boolean,
): number {
  const entitlements = entitlementsOf(member.tier);
  if (!entitlements.lounges.includes(lounge)) return 0;
  if (member.guestDaysUsedUp && member.guestsToday === 0) return 0;
  const limit = entitlements.guests.guestsPerDay + (eventNight ? entitlements.guests.extraGuestsOnEventNights : 0);
  return Math.max(0, limit - member.guestsToday);
}

/** A check-in as the door device queues it and sends it (validated again by the Worker). */
export interface DoorCheckIn {
  id: string;
  memberId: string;
  lounge: LoungeSlug;
  checkedInAt: string;
  method: "card" | "search";
  cardId?: string;
  offline: boolean;
  guests: { id: string; guestVisitId?: string; name?: string }[];
}

export type DoorSyncAnswer =
  | { id: string; outcome: "stored" | "already-stored"; guests: DoorGuestAnswer[] }
  | { id: string; outcome: "refused"; reason: string; guests: DoorGuestAnswer[] };

export interface DoorGuestAnswer {
  id: string;
  outcome: "stored" | "already-stored" | "already-checked-in" | "refused";
  /** For a guest added at the door whom the guest rules refused on sync: they stay on the record. */
  reason?: string;
}

export interface DoorEvening {
  day: string;
  occupancy: { lounge: LoungeSlug; members: number; guests: number }[];
  checkIns: {
    id: string;
    memberId: string;
    memberName: string;
    tier: TierSlug;
    lounge: LoungeSlug;
    checkedInAt: string;
    method: "card" | "search";
    offline: boolean;
    guests: { name: string; refusedOnSync: string | null }[];
  }[];
}
