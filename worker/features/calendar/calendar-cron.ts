import type { CalendarServices } from "./calendar-bookings.ts";

export interface CalendarCronResult {
  /** Bookings reminded (the day before). */
  reminded: string[];
  /** Bookings whose promotion email was queued by this run. */
  promotionEmails: string[];
  /** Bookings whose cancellation email was queued by this run. */
  cancellationEmails: string[];
}

export function runCalendarCron(services: CalendarServices, now: number): Promise<CalendarCronResult> {
  void services;
  void now;
  throw new Error("not built yet");
}
