/**
 * What each membership tier includes, as data: the one table `/memberships` prints and every rule
 * enforces (lounge keys, lockers, guests, events, courses, meeting rooms). Changing an allowance
 * here changes both the promise and the software that keeps it (docs/product-rules.md#tier-entitlements).
 * Plain data without zod: the client bundle of `/memberships` reads it.
 */

export type TierSlug = "kickback" | "business" | "platinum";
export type LoungeSlug = "kickback" | "business" | "platinum";

/** The three locker classes, each matching a tier (docs/product-rules.md#lockers). */
export type LockerClass = "shelf" | "private" | "cedar";

export interface LockerClassFacts {
  name: string;
  /** How many cigars it holds. */
  cigars: number;
  /** Whether the locker carries a nameplate whose text the member sets. */
  nameplate: boolean;
}

export const lockerClasses: Record<LockerClass, LockerClassFacts> = {
  shelf: { name: "Shared shelf", cigars: 25, nameplate: false },
  private: { name: "Private locker", cigars: 75, nameplate: false },
  cedar: { name: "Cedar-lined locker", cigars: 200, nameplate: true },
};

/**
 * Whether a locker of class `a` is smaller than one of class `b` (shelf, private, cedar: the order
 * of lockerClasses). A downgrade's offer is of a smaller class than the locker the member holds.
 */
export function isSmallerLockerClass(a: LockerClass, b: LockerClass): boolean {
  const order = Object.keys(lockerClasses);
  return order.indexOf(a) < order.indexOf(b);
}

/** The member events a tier may attend (the club calendar's kinds). */
export type EventKind = "tasting-night" | "patio-series" | "master-blender-dinner" | "special-event";

/** How /memberships names each kind of member event. */
export const eventKindNames: Record<EventKind, string> = {
  "tasting-night": "the monthly tasting night",
  "patio-series": "the summer patio series",
  "master-blender-dinner": "master blender dinners",
  "special-event": "special events",
};

/** The Cigar Academy's courses. */
export type CourseSlug = "foundations" | "blending-terroir" | "humidor-craft" | "sommelier-pairing";

/** Each course's name, as /cigar-academy heads it and /memberships lists it. */
export const courseNames: Record<CourseSlug, string> = {
  foundations: "Foundations",
  "blending-terroir": "Blending & Terroir",
  "humidor-craft": "Humidor Craft",
  "sommelier-pairing": "Sommelier Pairing masterclass",
};

/**
 * How many times one guest may visit in a quarter, whoever hosts them: a club-wide limit, the
 * same in every deployment, so /memberships can print the number the guest rules enforce
 * (docs/product-rules.md#tier-entitlements).
 */
export const guestVisitsPerQuarter = 3;

export interface GuestAllowance {
  /** Guests a member may bring on one day, besides the extra event-night guests. */
  guestsPerDay: number;
  /** Days a month the member may bring guests; null: every day. */
  guestDaysPerMonth: number | null;
  /** Whether the stick fee of the day's first guest (the plus-one) is waived. */
  plusOneStickFeeWaived: boolean;
  /** Extra guests on a night with a member event at that lounge (their stick fee is not waived). */
  extraGuestsOnEventNights: number;
}

export interface TierEntitlements {
  /** The lounges whose door opens to the tier, home lounge first. */
  lounges: LoungeSlug[];
  lockerClass: LockerClass;
  guests: GuestAllowance;
  events: EventKind[];
  /** Reserved seating at master blender dinners. */
  reservedSeating: boolean;
  courses: CourseSlug[];
  /** Whether the member may book the Business Lounge's meeting rooms. */
  meetingRooms: boolean;
  /** The meeting-room hours the member may hold in one week, Monday to Sunday (0 without meeting rooms). */
  meetingRoomHoursPerWeek: number;
  /** Concierge service for allocations, private rooms and travel humidors. */
  conciergeService: boolean;
}

export const tierEntitlements: Record<TierSlug, TierEntitlements> = {
  kickback: {
    lounges: ["kickback"],
    lockerClass: "shelf",
    guests: { guestsPerDay: 1, guestDaysPerMonth: 4, plusOneStickFeeWaived: true, extraGuestsOnEventNights: 0 },
    events: ["tasting-night", "patio-series"],
    reservedSeating: false,
    courses: ["foundations"],
    meetingRooms: false,
    meetingRoomHoursPerWeek: 0,
    conciergeService: false,
  },
  business: {
    lounges: ["business", "kickback"],
    lockerClass: "private",
    guests: { guestsPerDay: 1, guestDaysPerMonth: null, plusOneStickFeeWaived: true, extraGuestsOnEventNights: 0 },
    events: ["tasting-night", "patio-series", "master-blender-dinner"],
    reservedSeating: false,
    courses: ["foundations", "blending-terroir"],
    meetingRooms: true,
    meetingRoomHoursPerWeek: 6,
    conciergeService: false,
  },
  platinum: {
    lounges: ["platinum", "business", "kickback"],
    lockerClass: "cedar",
    guests: { guestsPerDay: 1, guestDaysPerMonth: null, plusOneStickFeeWaived: true, extraGuestsOnEventNights: 2 },
    events: ["tasting-night", "patio-series", "master-blender-dinner", "special-event"],
    reservedSeating: true,
    courses: ["foundations", "blending-terroir", "humidor-craft", "sommelier-pairing"],
    meetingRooms: true,
    meetingRoomHoursPerWeek: 10,
    conciergeService: true,
  },
};

export function entitlementsOf(tier: TierSlug): TierEntitlements {
  return tierEntitlements[tier];
}

/**
 * Whether a member of `tier` holds a key to `lounge`: the one lounge rule the door, the guest
 * registrations and the calendar keep (docs/product-rules.md#tier-entitlements).
 */
export function tierOpensLounge(tier: TierSlug, lounge: LoungeSlug): boolean {
  return tierEntitlements[tier].lounges.includes(lounge);
}

/** The tier whose lockers are of `lockerClass`: lockers of a class go to that tier's members. */
export function tiersWithLockerClass(lockerClass: LockerClass): TierSlug[] {
  return (Object.keys(tierEntitlements) as TierSlug[]).filter((tier) => tierEntitlements[tier].lockerClass === lockerClass);
}

/** The tiers whose members hold a key to `lounge`, in the table's order. */
export function tiersOpeningLounge(lounge: LoungeSlug): TierSlug[] {
  return (Object.keys(tierEntitlements) as TierSlug[]).filter((tier) => tierOpensLounge(tier, lounge));
}

/** The tiers whose members may attend events of `kind`, in the table's order. */
export function tiersWithEventKind(kind: EventKind): TierSlug[] {
  return (Object.keys(tierEntitlements) as TierSlug[]).filter((tier) => tierEntitlements[tier].events.includes(kind));
}

/** The tiers that include `course`, in the table's order. */
export function tiersWithCourse(course: CourseSlug): TierSlug[] {
  return (Object.keys(tierEntitlements) as TierSlug[]).filter((tier) => tierEntitlements[tier].courses.includes(course));
}
