import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

/** Who accepted which version of the club rules, and when. */
export const rulesAcceptances = sqliteTable(
  "rules_acceptances",
  {
    memberId: text("member_id").notNull(),
    rulesVersion: text("rules_version").notNull(),
    acceptedAt: utcTimestamp("accepted_at"),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.rulesVersion] })],
);

/**
 * Retired: the club calendar (db/schema/calendar.ts) holds the events and their bookings since
 * migration 0011 copied these rows. No code reads either table; a later release drops them, once
 * no Worker version that could be rolled back to reads them (docs/deploy.md, expand then contract).
 */
export const memberEvents = sqliteTable(
  "member_events",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    lounge: text("lounge").notNull(),
    startsAt: text("starts_at").notNull(),
    capacity: integer("capacity").notNull(),
  },
  (table) => [index("member_events_starts_at").on(table.startsAt)],
);

/** Retired with memberEvents (above). */
export const eventRsvps = sqliteTable(
  "event_rsvps",
  {
    eventId: text("event_id").notNull(),
    memberId: text("member_id").notNull(),
    plusOne: integer("plus_one", { mode: "boolean" }).notNull().default(false),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.memberId] })],
);

export const rewardItems = sqliteTable("reward_items", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  pointsCost: integer("points_cost").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
});

export const rewardRedemptions = sqliteTable(
  "reward_redemptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: text("member_id").notNull(),
    itemId: text("item_id").notNull(),
    points: integer("points").notNull(),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [index("reward_redemptions_member").on(table.memberId, table.createdAt)],
);

export const partnerVendors = sqliteTable("partner_vendors", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  category: text("category").notNull(),
  description: text("description").notNull(),
  memberOffer: text("member_offer").notNull(),
  website: text("website"),
});
