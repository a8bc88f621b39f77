import { sqliteTable, text, integer, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

/**
 * Sit-down slots the concierge publishes per lounge, and the applicants' bookings
 * (docs/product-rules.md#sit-downs). One booking per applicant (the request is the key) and one
 * applicant per slot (unique slot): two people choosing the same slot at once cannot both have it.
 */
export const sitDownSlots = sqliteTable(
  "sit_down_slots",
  {
    id: text("id").primaryKey(),
    /** A lounge slug of site-config.ts. */
    lounge: text("lounge", { enum: ["kickback", "business", "platinum"] }).notNull(),
    startsAt: text("starts_at").notNull(),
    minutes: integer("minutes").notNull().default(45),
    createdBy: text("created_by").notNull(),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [
    uniqueIndex("sit_down_slots_lounge_start").on(table.lounge, table.startsAt),
    index("sit_down_slots_start").on(table.startsAt),
  ],
);

export const sitDownBookings = sqliteTable(
  "sit_down_bookings",
  {
    requestId: text("request_id").primaryKey(),
    slotId: text("slot_id").notNull(),
    bookedAt: utcTimestamp("booked_at"),
  },
  (table) => [uniqueIndex("sit_down_bookings_slot").on(table.slotId)],
);
