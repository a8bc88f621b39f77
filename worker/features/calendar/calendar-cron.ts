import { and, asc, eq, gt, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { calendarBookings, calendarListings } from "#db/schema.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";
import { nextDay } from "#worker/features/guests/guest-visits.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { promoteWaitlisted, type CalendarServices } from "./calendar-bookings.ts";
import { bookerInGoodStanding, bookingEmailStatements, firstWaitingThatFits, type BookingEmail } from "./calendar-promotion.ts";

/**
 * The calendar's steps of the cron (docs/product-rules.md#events), run every minute by
 * worker/features/operations/scheduled.ts with the trigger's time:
 * - a listing where a member waiting fits a free place promotes them (a member waiting paid their
 *   dues again, staff raised the capacity);
 * - a promotion or a cancellation by the club whose email was not queued has it queued;
 * - from 10 am Portland, each confirmed booking of a listing starting the next Portland day is
 *   reminded, once.
 * Each email is queued with the booking's mark in one batch (bookingEmailStatements), so two runs
 * at once queue it once.
 */
const LISTINGS_PER_STEP = 20;
const REMINDER_TIME = "10:00";

export interface CalendarCronResult {
  /** Bookings reminded (the day before). */
  reminded: string[];
  /** Bookings whose promotion email was queued by this run (promoted by it, or earlier). */
  promotionEmails: string[];
  /** Bookings whose cancellation email was queued by this run. */
  cancellationEmails: string[];
}

export async function runCalendarCron(services: CalendarServices, now: number): Promise<CalendarCronResult> {
  const database = getDatabase(services.env.DB);
  const nowIso = new Date(now).toISOString();
  const siteUrl = services.config.SITE_URL;
  const result: CalendarCronResult = { reminded: [], promotionEmails: [], cancellationEmails: [] };
  const queued: number[] = [];
  const upcoming = and(eq(calendarListings.status, "scheduled"), gt(calendarListings.startsAt, nowIso));

  const waiting = await database
    .select({ id: calendarListings.id })
    .from(calendarListings)
    .where(
      and(
        upcoming,
        // Only where a promotion would find someone: a listing whose free places fit nobody
        // waiting (reserved places, a member not in good standing) would be picked for ever.
        sql`${firstWaitingThatFits(sql`${calendarListings.id}`, nowIso)} is not null`,
      ),
    )
    .orderBy(asc(calendarListings.startsAt))
    .limit(LISTINGS_PER_STEP)
    .all();
  for (const listing of waiting) result.promotionEmails.push(...(await promoteWaitlisted(services, { listingId: listing.id, now })));

  const owing = async (kind: BookingEmail, where: ReturnType<typeof and>, into: string[]) => {
    const listings = await database
      .selectDistinct({ listing: calendarListings })
      .from(calendarBookings)
      .innerJoin(calendarListings, eq(calendarListings.id, calendarBookings.listingId))
      .where(where)
      .limit(LISTINGS_PER_STEP)
      .all();
    for (const { listing } of listings) {
      const [email, mark] = bookingEmailStatements(database, listing, kind, { nowIso, siteUrl });
      const [emails, marked] = await database.batch([email, mark]);
      queued.push(...emails.map((row) => row.id));
      into.push(...marked.map((row) => row.id));
    }
  };

  await owing(
    "promotion",
    and(
      upcoming,
      eq(calendarBookings.status, "confirmed"),
      isNotNull(calendarBookings.promotedAt),
      isNull(calendarBookings.promotionEmailedAt),
    ),
    result.promotionEmails,
  );
  for (const [kind, by] of [
    ["cancelled-with-listing", "listing"],
    ["cancelled-by-staff", "staff"],
  ] as const)
    await owing(
      kind,
      and(
        gt(calendarListings.startsAt, nowIso),
        eq(calendarBookings.status, "cancelled"),
        eq(calendarBookings.cancelledBy, by),
        isNull(calendarBookings.cancellationEmailedAt),
      ),
      result.cancellationEmails,
    );

  const today = portlandDay(new Date(now));
  if (now >= Date.parse(portlandTimeToUtc(today, REMINDER_TIME)!)) {
    const tomorrow = nextDay(today);
    await owing(
      "reminder",
      and(
        upcoming,
        gte(calendarListings.startsAt, portlandTimeToUtc(tomorrow, "00:00")!),
        lt(calendarListings.startsAt, portlandTimeToUtc(nextDay(tomorrow), "00:00")!),
        eq(calendarBookings.status, "confirmed"),
        isNull(calendarBookings.remindedAt),
        bookerInGoodStanding,
      ),
      result.reminded,
    );
  }

  for (const id of queued) await deliverEmail(services, id, now);
  return result;
}
