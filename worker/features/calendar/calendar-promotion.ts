import { and, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { calendarBookings, members, outbox } from "#db/schema.ts";
import { tierEntitlements, type TierSlug } from "#app/features/site/tier-entitlements.ts";
import { tiersForListing } from "#app/features/calendar/calendar-eligibility.ts";
import { fillSlots, slot, sqlEscapeMarkup } from "#worker/shared/email-sql.ts";
import { calendarCancellationEmail, calendarPromotionEmail, calendarReminderEmail, type ListingFacts } from "./calendar-emails.ts";
import type { CalendarListing } from "./calendar-bookings.ts";

/**
 * The SQL of the booking rules (docs/product-rules.md#events) that every step of the engine
 * shares: places taken, whether n more places fit for a member of a tier, the member in good
 * standing, and the statements that promote from the waitlist and queue the emails, to run in
 * the batch of the step that frees places. Mirrored for display by placesLeftFor
 * (app/features/calendar/calendar-eligibility.ts).
 */

export type Statement = BatchItem<"sqlite">;

/** SQL: the places the listing's confirmed bookings take (each 1 + guests); only the reserved or unreserved ones when asked. */
export function placesTaken(listingId: SQL | string, reserved?: boolean): SQL<number> {
  const which = reserved === undefined ? sql`` : sql` and taken.reserved = ${reserved ? 1 : 0}`;
  return sql<number>`(select coalesce(sum(1 + taken.guests), 0) from calendar_bookings taken
    where taken.listing_id = ${listingId} and taken.status = 'confirmed'${which})`;
}

const reservedSeatingTiers = (Object.keys(tierEntitlements) as TierSlug[]).filter((tier) => tierEntitlements[tier].reservedSeating);

function tierIn(tier: SQL, tiers: TierSlug[]): SQL {
  return tiers.length === 0
    ? sql`0`
    : sql`${tier} in (${sql.join(
        tiers.map((slug) => sql`${slug}`),
        sql`, `,
      )})`;
}

/** SQL: the tier (a column) has reserved seating. */
export function hasReservedSeating(tier: SQL): SQL {
  return tierIn(tier, reservedSeatingTiers);
}

/** SQL: the tier (a column) may book the listing (its kind, and an event's lounge: calendar-eligibility.ts). */
export function tierMayBookSql(tier: SQL, listing: Pick<CalendarListing, "kind" | "category" | "lounge">): SQL {
  return tierIn(tier, tiersForListing(listing));
}

/**
 * SQL: the tier (a column) may book a listing of the kind, category and lounge (columns), read in
 * the statement that decides, so staff changing a listing's kind meanwhile counts at once. An event
 * is also at a lounge the tier opens (calendar-eligibility.ts).
 */
export function tierMayBookColumnsSql(tier: SQL, kind: SQL, category: SQL, lounge: SQL): SQL {
  const among = (column: SQL, slugs: string[]) =>
    slugs.length === 0
      ? sql`0`
      : sql`${column} in (${sql.join(
          slugs.map((slug) => sql`${slug}`),
          sql`, `,
        )})`;
  const categories = (slugs: string[]) => among(category, slugs);
  return sql`(${sql.join(
    (Object.keys(tierEntitlements) as TierSlug[]).map(
      (slug) =>
        sql`(${tier} = ${slug} and ((${kind} = 'event' and ${categories(tierEntitlements[slug].events)} and ${among(lounge, tierEntitlements[slug].lounges)})
          or (${kind} = 'course' and ${categories(tierEntitlements[slug].courses)})))`,
    ),
    sql` or `,
  )})`;
}

/** The listing's columns a fit reads (live, so staff changing the capacity counts at once). */
export interface ListingColumns {
  id: SQL;
  capacity: SQL;
  reservedPlaces: SQL;
}

/**
 * SQL: `places` more places fit at the listing for a member of `tier`: within the capacity, and,
 * unless the tier has reserved seating, within the places that are not reserved (the capacity
 * less the reserved places, or less the places reserved bookings hold if more).
 */
export function placesFit(listing: ListingColumns, tier: SQL, places: number): SQL {
  return sql`(${placesTaken(listing.id)} + ${places} <= ${listing.capacity}
    and (${hasReservedSeating(tier)} or ${placesTaken(listing.id, false)} + ${places} <= ${listing.capacity} - ${listing.reservedPlaces}))`;
}

/** SQL: a booking by a member of `tier` takes a reserved place: the tier has reserved seating and one is free. */
export function takesReservedPlace(listing: ListingColumns, tier: SQL): SQL {
  return sql`(${hasReservedSeating(tier)} and ${placesTaken(listing.id, true)} < ${listing.reservedPlaces})`;
}

/** SQL over a members alias or table: active, a member or the concierge, dues not lapsed (as for guests). */
export function inGoodStanding(member: { status: SQL; role: SQL; duesStatus: SQL }): SQL {
  return sql`(${member.status} = 'active' and ${member.role} in ('member', 'concierge') and ${member.duesStatus} <> 'lapsed')`;
}

const listingAlias: ListingColumns = { id: sql`l.id`, capacity: sql`l.capacity`, reservedPlaces: sql`l.reserved_places` };

/**
 * SQL: the first waitlisted booking of the listing (by createdAt, then id) whose member may book
 * it now (in good standing, their tier includes the listing's kind as it is now) and for whom a
 * place fits (a member without reserved seating passes over reserved places only), while the
 * listing is scheduled and has not started; null when none. The cron picks the listings to
 * promote at with it too, so a listing whose free places fit nobody waiting is not picked.
 */
export function firstWaitingThatFits(listingId: SQL, nowIso: string): SQL {
  return sql`(select w.id from calendar_bookings w join members m on m.id = w.member_id join calendar_listings l on l.id = w.listing_id
    where w.listing_id = ${listingId} and w.status = 'waitlisted' and l.status = 'scheduled' and l.starts_at > ${nowIso}
      and ${inGoodStanding({ status: sql`m.status`, role: sql`m.role`, duesStatus: sql`m.dues_status` })}
      and ${tierMayBookColumnsSql(sql`m.tier`, sql`l.kind`, sql`l.category`, sql`l.lounge`)}
      and ${placesFit(listingAlias, sql`m.tier`, 1)}
    order by w.created_at, w.id limit 1)`;
}

/**
 * `places` UPDATEs, each promoting the first waitlisted booking that fits (firstWaitingThatFits).
 * Each statement reads the places the one before
 * left, so a batch promotes in order and never beyond the capacity.
 */
export function promoteStatements(database: Database, listing: CalendarListing, places: number, nowIso: string) {
  const tier = sql`(select promoted.tier from members promoted where promoted.id = ${calendarBookings.memberId})`;
  const listingColumns: ListingColumns = {
    id: sql`${listing.id}`,
    capacity: sql`(select capacity from calendar_listings where id = ${listing.id})`,
    reservedPlaces: sql`(select reserved_places from calendar_listings where id = ${listing.id})`,
  };
  const firstThatFits = firstWaitingThatFits(sql`${listing.id}`, nowIso);
  return Array.from({ length: places }, () =>
    database
      .update(calendarBookings)
      .set({
        status: "confirmed",
        confirmedAt: nowIso,
        promotedAt: nowIso,
        reserved: sql`${takesReservedPlace(listingColumns, tier)}`,
      })
      .where(eq(calendarBookings.id, firstThatFits))
      .returning({ id: calendarBookings.id }),
  );
}

export type BookingEmail = "promotion" | "cancelled-with-listing" | "cancelled-by-staff" | "reminder";

/** SQL: the member of the booking (calendar_bookings) is in good standing; only they are reminded (docs/product-rules.md#events). */
export const bookerInGoodStanding = sql`exists (select 1 from members booker where booker.id = ${calendarBookings.memberId}
  and ${inGoodStanding({ status: sql`booker.status`, role: sql`booker.role`, duesStatus: sql`booker.dues_status` })})`;

/**
 * The two statements that queue one kind of email for each booking of the listing that is owed
 * it, to run in one batch: the outbox rows (the member's name filled in from their row), then
 * the booking's mark (`promotionEmailedAt`, `cancellationEmailedAt`, `remindedAt`), so an email
 * is queued once, whoever runs it. `bookingId` limits it to one booking.
 */
export function bookingEmailStatements(
  database: Database,
  listing: ListingFacts,
  kind: BookingEmail,
  { nowIso, siteUrl, bookingId }: { nowIso: string; siteUrl: string; bookingId?: string },
) {
  const name = slot("name");
  const message =
    kind === "promotion"
      ? calendarPromotionEmail({ name, listing, siteUrl })
      : kind === "reminder"
        ? calendarReminderEmail({ name, listing, siteUrl })
        : calendarCancellationEmail({ name, listing, by: kind === "cancelled-with-listing" ? "listing" : "staff", siteUrl });
  const owed = and(
    eq(calendarBookings.listingId, listing.id),
    bookingId === undefined ? undefined : eq(calendarBookings.id, bookingId),
    kind === "promotion"
      ? and(eq(calendarBookings.status, "confirmed"), isNotNull(calendarBookings.promotedAt), isNull(calendarBookings.promotionEmailedAt))
      : kind === "reminder"
        ? and(eq(calendarBookings.status, "confirmed"), isNull(calendarBookings.remindedAt), bookerInGoodStanding)
        : and(
            eq(calendarBookings.status, "cancelled"),
            eq(calendarBookings.cancelledBy, kind === "cancelled-with-listing" ? "listing" : "staff"),
            isNull(calendarBookings.cancellationEmailedAt),
          ),
  );
  const mark =
    kind === "promotion"
      ? { promotionEmailedAt: nowIso }
      : kind === "reminder"
        ? { remindedAt: nowIso }
        : { cancellationEmailedAt: nowIso };
  return [
    database
      .insert(outbox)
      .select(
        database
          .select(
            insertSelectRow(outbox, {
              channel: "email",
              recipient: sql`${members.email}`,
              subject: message.subject,
              body: fillSlots(message.body, { name: sqlEscapeMarkup(sql`${members.name}`) }),
            }),
          )
          .from(calendarBookings)
          .innerJoin(members, eq(members.id, calendarBookings.memberId))
          .where(owed),
      )
      .returning({ id: outbox.id }),
    database.update(calendarBookings).set(mark).where(owed).returning({ id: calendarBookings.id }),
  ] as const;
}
