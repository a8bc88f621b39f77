import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

const loungeSlugs = ["kickback", "business", "platinum"] as const;
const lockerClassSlugs = ["shelf", "private", "cedar"] as const;

/**
 * The lockers of each lounge (docs/product-rules.md#lockers): numbered, each of one class
 * (app/features/site/tier-entitlements.ts). The inventory is data: migrations add lockers.
 */
export const lockers = sqliteTable(
  "lockers",
  {
    /** `<lounge>-<number>`, e.g. "kickback-S-014". */
    id: text("id").primaryKey(),
    lounge: text("lounge", { enum: loungeSlugs }).notNull(),
    /** As engraved on the door, e.g. "S-014". */
    number: text("number").notNull(),
    lockerClass: text("locker_class", { enum: lockerClassSlugs }).notNull(),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [
    uniqueIndex("lockers_lounge_number").on(table.lounge, table.number),
    index("lockers_class").on(table.lockerClass, table.lounge),
  ],
);

/**
 * Who holds (or is offered) which locker, and how it ended. A locker has at most one live row
 * (anything but 'ended'); a member at most one offer and at most one held locker (an upgrade's
 * offer sits beside the locker they hold until they accept it). The unique indexes are the last
 * word when two members race for one locker (docs/product-rules.md#lockers).
 *
 * - offered: free for the member to accept until `offerExpiresAt` (7 days);
 * - active: held; the term follows the member's dues (members.paid_through);
 * - grace: the member's dues lapsed; the locker stays theirs until `graceEndsAt` (7 days);
 * - holding: the contents are held until `holdUntil` (60 days), then the locker is released;
 * - ended: `endedReason` says why.
 */
export const lockerAssignments = sqliteTable(
  "locker_assignments",
  {
    id: text("id").primaryKey(),
    lockerId: text("locker_id").notNull(),
    memberId: text("member_id").notNull(),
    status: text("status", { enum: ["offered", "active", "grace", "holding", "ended"] }).notNull(),
    offeredAt: text("offered_at"),
    offerExpiresAt: text("offer_expires_at"),
    /** When the member accepted, or staff assigned it by hand. */
    startedAt: text("started_at"),
    graceEndsAt: text("grace_ends_at"),
    holdUntil: text("hold_until"),
    /** The engraved nameplate's text, the member's to set (cedar-lined lockers). */
    nameplate: text("nameplate"),
    /** The staff member who assigned or moved it by hand. */
    assignedBy: text("assigned_by"),
    endedAt: text("ended_at"),
    endedReason: text("ended_reason", { enum: ["declined", "offer-expired", "released", "moved", "replaced", "membership-ended"] }),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [
    uniqueIndex("locker_assignments_live_locker")
      .on(table.lockerId)
      .where(sql`status <> 'ended'`),
    uniqueIndex("locker_assignments_member_offer")
      .on(table.memberId)
      .where(sql`status = 'offered'`),
    uniqueIndex("locker_assignments_member_held")
      .on(table.memberId)
      .where(sql`status IN ('active', 'grace', 'holding')`),
    index("locker_assignments_member").on(table.memberId, table.createdAt),
    index("locker_assignments_status").on(table.status),
  ],
);

/** A member waiting for a locker of a class; first in, first offered (joinedAt, then rowid). */
export const lockerWaitlist = sqliteTable(
  "locker_waitlist",
  {
    memberId: text("member_id").primaryKey(),
    lockerClass: text("locker_class", { enum: lockerClassSlugs }).notNull(),
    joinedAt: utcTimestamp("joined_at"),
  },
  (table) => [index("locker_waitlist_class").on(table.lockerClass, table.joinedAt)],
);

/** A member's request about their locker, shown to staff until someone marks it done. */
export const lockerRequests = sqliteTable(
  "locker_requests",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id").notNull(),
    lockerId: text("locker_id").notNull(),
    kind: text("kind", { enum: ["pull", "restock", "humidity"] }).notNull(),
    note: text("note"),
    status: text("status", { enum: ["open", "done"] })
      .notNull()
      .default("open"),
    handledBy: text("handled_by"),
    handledAt: text("handled_at"),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [
    index("locker_requests_status").on(table.status, table.createdAt),
    index("locker_requests_member").on(table.memberId, table.createdAt),
  ],
);
