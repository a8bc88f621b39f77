import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

const loungeSlugs = ["kickback", "business", "platinum"] as const;

/**
 * Check-ins at the door (docs/product-rules.md#door). `id` is made by the door device when it
 * admits someone, online or offline, so a check-in synced twice is stored once (INSERT OR IGNORE).
 * `checkedInAt` is the door device's clock at the verdict; `recordedAt` the server's on arrival.
 */
export const doorCheckIns = sqliteTable(
  "door_check_ins",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id").notNull(),
    lounge: text("lounge", { enum: loungeSlugs }).notNull(),
    /** The evening of the check-in in America/Los_Angeles, YYYY-MM-DD. */
    day: text("day").notNull(),
    checkedInAt: text("checked_in_at").notNull(),
    /** How the member was recognised: their card's live QR, or a search by name. */
    method: text("method", { enum: ["card", "search"] }).notNull(),
    /** The card's certificate id, when admitted from the card. */
    cardId: text("card_id"),
    /** The door staff (or concierge) account that admitted them. */
    staffMemberId: text("staff_member_id").notNull(),
    /** Made while the door device was offline, and synced later. */
    offline: integer("offline", { mode: "boolean" }).notNull().default(false),
    recordedAt: utcTimestamp("recorded_at"),
  },
  (table) => [
    index("door_check_ins_day_lounge").on(table.day, table.lounge),
    index("door_check_ins_member_day").on(table.memberId, table.day),
  ],
);

/**
 * The guests a check-in brought. Each is a guest visit (db/schema/guests.ts), registered before or
 * added at the door within the host's allowance, so the allowance counts check-ins too. `id` is made
 * by the door device (synced once). A guest added at the door while offline whom the guest rules
 * refuse when it syncs keeps its row, with no visit and the reason, for staff to follow up: the
 * guest is already inside, and the record must not be lost.
 */
export const doorGuestCheckIns = sqliteTable(
  "door_guest_check_ins",
  {
    id: text("id").primaryKey(),
    checkInId: text("check_in_id").notNull(),
    guestName: text("guest_name").notNull(),
    /** The guest visit this check-in used up; null only when refused on sync. */
    guestVisitId: text("guest_visit_id"),
    refusedOnSync: text("refused_on_sync"),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [index("door_guest_check_ins_check_in").on(table.checkInId), uniqueIndex("door_guest_check_ins_visit").on(table.guestVisitId)],
);
