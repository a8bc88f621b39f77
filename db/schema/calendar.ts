import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

const loungeSlugs = ["kickback", "business", "platinum"] as const;

/**
 * The club calendar (docs/product-rules.md#calendar): what members book. A listing is a member
 * event or a term of a Cigar Academy course; its `category` (an event kind or a course, as named in
 * app/features/site/tier-entitlements.ts) decides which tiers may book it. Times are UTC ISO
 * strings; pages and calendar files show them in the club's time zone (America/Los_Angeles).
 *
 * - `opensAt`: bookings open (an event: when it is published; a term: three weeks before its
 *   first session);
 * - `closesAt`: the cut-off: no booking, waitlist place or added guest after it (an event: 24
 *   hours before it starts unless staff chose otherwise; a term: its first session);
 * - `reservedPlaces`: places only tiers with reserved seating may take (Platinum at master blender
 *   dinners); everyone else books within `capacity - reservedPlaces`.
 */
export const calendarListings = sqliteTable(
  "calendar_listings",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["event", "course"] }).notNull(),
    /** An EventKind for an event, a CourseSlug for a course term. */
    category: text("category").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    lounge: text("lounge", { enum: loungeSlugs }).notNull(),
    /** The event's start, or the term's first session's. */
    startsAt: text("starts_at").notNull(),
    /** The event's end, or the term's last session's. */
    endsAt: text("ends_at").notNull(),
    /** Places: members and their guests. */
    capacity: integer("capacity").notNull(),
    reservedPlaces: integer("reserved_places").notNull().default(0),
    opensAt: text("opens_at").notNull(),
    closesAt: text("closes_at").notNull(),
    status: text("status", { enum: ["scheduled", "cancelled"] })
      .notNull()
      .default("scheduled"),
    cancelledAt: text("cancelled_at"),
    /** The staff member who created it (null: a migration's content). */
    createdBy: text("created_by"),
    createdAt: utcTimestamp("created_at"),
    updatedAt: text("updated_at"),
  },
  (table) => [
    index("calendar_listings_starts").on(table.kind, table.startsAt),
    index("calendar_listings_lounge_starts").on(table.lounge, table.startsAt),
    check("calendar_listings_capacity", sql`${table.capacity} > 0`),
    check("calendar_listings_reserved", sql`${table.reservedPlaces} >= 0 and ${table.reservedPlaces} <= ${table.capacity}`),
    check("calendar_listings_times", sql`${table.endsAt} > ${table.startsAt} and ${table.closesAt} <= ${table.startsAt}`),
  ],
);

/** A course term's sessions (an event has none: it is one sitting, `startsAt` to `endsAt`). */
export const calendarSessions = sqliteTable(
  "calendar_sessions",
  {
    listingId: text("listing_id").notNull(),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.startsAt] })],
);

/**
 * A member's place at a listing, or their place in its waitlist (ordered by `createdAt`, then
 * `id`). A member has at most one live booking per listing. `guests` are the plus-ones an event
 * booking brings, each a guest visit (db/schema/guests.ts, `bookingId`) registered under the
 * tier's guest rules; a waitlist place is for the member alone.
 *
 * - confirmed: the place is held (`reserved`: it is one of the listing's reserved places);
 * - waitlisted: waiting; promoted in order when places free (`promotedAt` set, status confirmed);
 * - cancelled: by the member, by staff, or with the listing (`cancelledBy`).
 *
 * `promotionEmailedAt`, `cancellationEmailedAt` and `remindedAt` record the emails queued for the
 * booking, so a step whose email was not queued at once is queued by the cron, once.
 */
export const calendarBookings = sqliteTable(
  "calendar_bookings",
  {
    id: text("id").primaryKey(),
    listingId: text("listing_id").notNull(),
    memberId: text("member_id").notNull(),
    status: text("status", { enum: ["confirmed", "waitlisted", "cancelled"] }).notNull(),
    guests: integer("guests").notNull().default(0),
    reserved: integer("reserved", { mode: "boolean" }).notNull().default(false),
    confirmedAt: text("confirmed_at"),
    promotedAt: text("promoted_at"),
    promotionEmailedAt: text("promotion_emailed_at"),
    cancelledAt: text("cancelled_at"),
    cancelledBy: text("cancelled_by", { enum: ["member", "staff", "listing"] }),
    cancellationEmailedAt: text("cancellation_emailed_at"),
    remindedAt: text("reminded_at"),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [
    uniqueIndex("calendar_bookings_member_live")
      .on(table.listingId, table.memberId)
      .where(sql`status <> 'cancelled'`),
    index("calendar_bookings_listing").on(table.listingId, table.status, table.createdAt),
    index("calendar_bookings_member").on(table.memberId, table.status),
    check("calendar_bookings_guests", sql`${table.guests} >= 0 and (${table.status} <> 'waitlisted' or ${table.guests} = 0)`),
  ],
);

/** The Business Lounge's meeting rooms, by slug (app/features/calendar/meeting-room-facts.ts names them). */
export const meetingRoomSlugs = ["alder", "fir"] as const;

/**
 * Meeting room hours (docs/product-rules.md#meeting-rooms): one row per room and hour. The
 * partial unique index is the last word on double booking: a booking of several hours is one
 * INSERT, which stands or falls whole.
 */
export const meetingRoomBookings = sqliteTable(
  "meeting_room_bookings",
  {
    id: text("id").primaryKey(),
    room: text("room", { enum: meetingRoomSlugs }).notNull(),
    memberId: text("member_id").notNull(),
    /** The hour's start, UTC ISO. */
    startsAt: text("starts_at").notNull(),
    /** The hour's Portland day, YYYY-MM-DD (the day's list and the week's quota read it). */
    day: text("day").notNull(),
    /** The hours booked together share it: they are shown and cancelled together. */
    reservationId: text("reservation_id").notNull(),
    status: text("status", { enum: ["booked", "cancelled"] })
      .notNull()
      .default("booked"),
    cancelledAt: text("cancelled_at"),
    cancelledBy: text("cancelled_by", { enum: ["member", "staff"] }),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [
    uniqueIndex("meeting_room_bookings_room_hour")
      .on(table.room, table.startsAt)
      .where(sql`status = 'booked'`),
    index("meeting_room_bookings_member_day").on(table.memberId, table.day),
    index("meeting_room_bookings_day").on(table.day, table.room),
    index("meeting_room_bookings_reservation").on(table.reservationId),
  ],
);

/**
 * A member's private calendar feed (docs/security.md#calendar-feeds): the feed's address carries
 * a secret whose SHA-256 alone is stored, so a copy of the database reads no feed. One per member;
 * revoking deletes it, and a new address replaces it.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  memberId: text("member_id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: utcTimestamp("created_at"),
  lastReadAt: text("last_read_at"),
});
