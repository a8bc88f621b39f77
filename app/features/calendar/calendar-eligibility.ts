/**
 * Who may book a calendar listing (docs/product-rules.md#events): an event's kind, or a term's
 * course, decides it through the tier table (app/features/site/tier-entitlements.ts), the one
 * table /memberships prints. Plain functions without zod: listing pages render them in the client.
 */
import {
  entitlementsOf,
  tierOpensLounge,
  tiersWithCourse,
  tiersWithEventKind,
  type CourseSlug,
  type EventKind,
  type LoungeSlug,
  type TierSlug,
} from "#app/features/site/tier-entitlements.ts";

/** What eligibility reads of a listing (db/schema/calendar.ts): its kind, category and lounge. */
export interface ListingKind {
  kind: "event" | "course";
  /** An EventKind for an event, a CourseSlug for a course term. */
  category: string;
  /**
   * Where it is held. An event is for the tiers that open its lounge as well as include its kind
   * (the door admits no one else); a term for the tiers that include its course. Absent only where
   * a kind is named without a listing (the console's choice of kind).
   */
  lounge?: LoungeSlug;
}

/** The tiers whose members may book the listing, in the table's order (none for an unknown category). */
export function tiersForListing(listing: ListingKind): TierSlug[] {
  if (listing.kind === "course") return tiersWithCourse(listing.category as CourseSlug);
  const { lounge } = listing;
  return tiersWithEventKind(listing.category as EventKind).filter((tier) => lounge === undefined || tierOpensLounge(tier, lounge));
}

/** Whether a member of `tier` may book the listing. */
export function tierMayBook(tier: TierSlug, listing: ListingKind): boolean {
  return tiersForListing(listing).includes(tier);
}

/** An event whose kind the tier includes, at a lounge the tier does not open: refused in those words. */
export function eventLoungeClosedTo(tier: TierSlug, listing: ListingKind): boolean {
  return (
    listing.kind === "event" &&
    listing.lounge !== undefined &&
    (entitlementsOf(tier).events as string[]).includes(listing.category) &&
    !tierOpensLounge(tier, listing.lounge)
  );
}

/**
 * The most guests a member of `tier` may bring to an event: the tier's guests a day plus its
 * event-night extras (an event is an event night at its lounge). The guest rules decide the rest
 * (worker/features/guests/guest-visits.ts): guests already registered that day count too.
 */
export function eventGuestLimit(tier: TierSlug): number {
  const guests = entitlementsOf(tier).guests;
  return guests.guestsPerDay + guests.extraGuestsOnEventNights;
}

/**
 * The places left at a listing for a member of `tier` (docs/product-rules.md#events): every
 * confirmed booking takes 1 + its guests; a tier with reserved seating may take any place, the
 * others only places that are not reserved. `taken` counts every confirmed booking's places,
 * `takenUnreserved` those of the bookings that hold no reserved place. The engine decides with
 * the same arithmetic in SQL (worker/features/calendar/calendar-promotion.ts `placesFit`).
 */
export function placesLeftFor(
  tier: TierSlug,
  listing: { capacity: number; reservedPlaces: number },
  { taken, takenUnreserved }: { taken: number; takenUnreserved: number },
): number {
  const anyPlace = listing.capacity - taken;
  const left = entitlementsOf(tier).reservedSeating
    ? anyPlace
    : Math.min(anyPlace, listing.capacity - listing.reservedPlaces - takenUnreserved);
  return Math.max(0, left);
}
