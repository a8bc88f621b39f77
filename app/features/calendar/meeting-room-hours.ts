import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";
import { CLUB_TIME_ZONE, portlandDay } from "#app/features/member-area/member-dates.ts";
import { loungeBySlug } from "#app/features/site/site-config.ts";

/**
 * The hours a meeting room may be booked (docs/product-rules.md#meeting-rooms): whole Portland
 * hours within the Business Lounge's opening hours (site-config.ts, the same rule its page prints),
 * 1 to 4 in a row on one day, from an hour that has not started to 60 days ahead. Plain functions:
 * the member page lists the hours with them, and the Worker checks a booking with them before its
 * one INSERT decides everything that depends on the database.
 */
export const MEETING_ROOM_MAX_HOURS = 4;
export const MEETING_ROOM_DAYS_AHEAD = 60;
/** A reservation may be cancelled by its member until this long before its first hour. */
export const MEETING_ROOM_CANCEL_BEFORE_MS = 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
const { openingHours } = loungeBySlug("business");

/** The hours a booking may start at, 7 (7 am) to 21 (the hour that ends at closing, 10 pm). */
export const meetingRoomStartHours: number[] = Array.from(
  { length: openingHours.closes - openingHours.opens },
  (_, index) => openingHours.opens + index,
);

/** The day `days` after a YYYY-MM-DD day (before it, when negative). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 0 Sunday to 6 Saturday: the weekday of a calendar day, wherever the code runs. */
function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** Whether the Business Lounge opens on the day. */
export function loungeOpensOn(day: string): boolean {
  return openingHours.days.includes(weekdayOf(day));
}

/** The Monday and the Sunday of the day's week: the week a member's hours are counted in. */
export function weekOf(day: string): [string, string] {
  const monday = addDays(day, -((weekdayOf(day) + 6) % 7));
  return [monday, addDays(monday, 6)];
}

/** The UTC instant (ISO) an hour of a Portland day starts; null for an hour the clocks skip. */
export function roomHourStart(day: string, hour: number): string | null {
  return portlandTimeToUtc(day, `${String(hour).padStart(2, "0")}:00`);
}

/** The end of the hour that starts at `startsAt`. */
export function hourEnd(startsAt: string): string {
  return new Date(Date.parse(startsAt) + HOUR_MS).toISOString();
}

export interface RoomHoursRequest {
  day: string;
  startHour: number;
  hours: number;
}

export type RoomHoursPlan = { ok: true; startsAt: string[] } | { ok: false; reason: "outside-hours" | "past" | "too-far-ahead" };

/**
 * The UTC starts of the hours asked for, or why no booking can hold them whoever asks: outside
 * the lounge's hours (a Sunday, before it opens, past its closing), an hour already started, or
 * a day more than 60 Portland days after today. Nothing here depends on the database.
 */
export function planRoomHours({ day, startHour, hours }: RoomHoursRequest, now: number): RoomHoursPlan {
  if (
    !Number.isInteger(startHour) ||
    !Number.isInteger(hours) ||
    hours < 1 ||
    hours > MEETING_ROOM_MAX_HOURS ||
    !loungeOpensOn(day) ||
    startHour < openingHours.opens ||
    startHour + hours > openingHours.closes
  )
    return { ok: false, reason: "outside-hours" };
  const startsAt: string[] = [];
  for (let hour = startHour; hour < startHour + hours; hour++) {
    const start = roomHourStart(day, hour);
    if (start === null) return { ok: false, reason: "outside-hours" };
    startsAt.push(start);
  }
  if (Date.parse(startsAt[0]!) <= now) return { ok: false, reason: "past" };
  if (day > addDays(portlandDay(new Date(now)), MEETING_ROOM_DAYS_AHEAD)) return { ok: false, reason: "too-far-ahead" };
  return { ok: true, startsAt };
}

const portlandHour = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, hour: "numeric", hourCycle: "h23" });

/** The Portland hour of the day (0–23) at an instant: a booked hour's wall-clock start. */
export function portlandHourOf(iso: string): number {
  return Number(portlandHour.format(new Date(iso)));
}
