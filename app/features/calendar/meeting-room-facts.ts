import type { meetingRoomSlugs } from "#db/schema/calendar.ts";
import { tierEntitlements, type TierSlug } from "#app/features/site/tier-entitlements.ts";

/**
 * The Business Lounge's two meeting rooms (docs/product-rules.md#meeting-rooms), as members and
 * staff read them. Plain data without zod: the pages render it in the browser.
 */
export type MeetingRoomSlug = (typeof meetingRoomSlugs)[number];

export interface MeetingRoomFacts {
  name: string;
  seats: number;
}

export const meetingRooms: Record<MeetingRoomSlug, MeetingRoomFacts> = {
  alder: { name: "Alder Room", seats: 8 },
  fir: { name: "Fir Room", seats: 4 },
};

/** The rooms in the order the pages list them. */
export const meetingRoomOrder = Object.keys(meetingRooms) as MeetingRoomSlug[];

/** The tiers whose members book the meeting rooms, in the tier table's order. */
export function tiersWithMeetingRooms(): TierSlug[] {
  return (Object.keys(tierEntitlements) as TierSlug[]).filter((tier) => tierEntitlements[tier].meetingRooms);
}

/** A later week the member has booked hours in. */
export interface LaterWeekHours {
  /** The week's Monday, in words: "Monday, December 7". */
  monday: string;
  booked: number;
}

/**
 * The week's allowance in words (docs/product-rules.md#meeting-rooms): "4 of 6 hours left this
 * week.", then each later week the member has booked in ("; 6 of 6 in the week of Monday,
 * December 7"), since a room can be booked 60 days ahead and each week has its own hours.
 */
export function meetingRoomAllowanceText(tier: TierSlug, bookedThisWeek: number, laterWeeks: LaterWeekHours[] = []): string {
  const perWeek = tierEntitlements[tier].meetingRoomHoursPerWeek;
  const left = (booked: number) => Math.max(0, perWeek - booked);
  const later = laterWeeks.map(({ monday, booked }) => `; ${left(booked)} of ${perWeek} in the week of ${monday}`).join("");
  return `${left(bookedThisWeek)} of ${perWeek} hours left this week${later}.`;
}
