import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

/**
 * Guests a member registers for a day at a lounge (docs/product-rules.md#guests). The host's tier
 * allowance and the guest's visits a quarter (across every host) are checked in the one INSERT
 * that registers the visit. `guestKey` is the guest's identity across hosts: the name lower-cased
 * with its spaces collapsed; an email, when given, identifies them too.
 */
export const guestVisits = sqliteTable(
  "guest_visits",
  {
    id: text("id").primaryKey(),
    hostMemberId: text("host_member_id").notNull(),
    lounge: text("lounge", { enum: ["kickback", "business", "platinum"] }).notNull(),
    /** The day of the visit in America/Los_Angeles, YYYY-MM-DD. */
    day: text("day").notNull(),
    guestName: text("guest_name").notNull(),
    guestKey: text("guest_key").notNull(),
    /** Lower-cased; for the welcome message and the invitation to apply. */
    guestEmail: text("guest_email"),
    /** The host confirmed the guest is 21 or older. */
    adultConfirmed: integer("adult_confirmed", { mode: "boolean" }).notNull(),
    stickFeeWaived: integer("stick_fee_waived", { mode: "boolean" }).notNull(),
    /** One of the extra guests a tier allows on an event night. */
    eventNightExtra: integer("event_night_extra", { mode: "boolean" }).notNull().default(false),
    /** The event booking this guest comes with (db/schema/calendar.ts), or null for a plain visit. */
    bookingId: text("booking_id"),
    status: text("status", { enum: ["expected", "cancelled"] })
      .notNull()
      .default("expected"),
    cancelledAt: text("cancelled_at"),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [
    uniqueIndex("guest_visits_host_day_guest")
      .on(table.hostMemberId, table.day, table.guestKey)
      .where(sql`status = 'expected'`),
    index("guest_visits_host_day").on(table.hostMemberId, table.day),
    index("guest_visits_day_lounge").on(table.day, table.lounge),
    index("guest_visits_guest_key").on(table.guestKey, table.day),
    index("guest_visits_guest_email").on(table.guestEmail, table.day),
    index("guest_visits_created").on(table.createdAt),
    index("guest_visits_booking").on(table.bookingId),
    check("guest_visits_adult", sql`${table.adultConfirmed} = 1`),
  ],
);
