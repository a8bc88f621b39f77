import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { eventRsvps, memberEvents } from "#db/schema.ts";

/**
 * Member events and their RSVPs (docs/product-rules.md#member-area). A place is one member, plus one more for a
 * plus-one; an event never takes more RSVPs than its capacity, however many arrive at once.
 */
export interface UpcomingEvent {
  id: string;
  title: string;
  description: string;
  lounge: string;
  startsAt: string;
  capacity: number;
  placesLeft: number;
  /** The member's own RSVP, or null when they have not replied. */
  rsvp: { plusOne: boolean } | null;
}

export type RsvpResult = { ok: true } | { ok: false; reason: "not-open" | "already-attending" | "full" | "no-room-for-plus-one" };

/** The places a set of RSVPs take: one each, two with a plus-one (an aggregate the builder has no helper for). */
function placesTaken() {
  return sql<number>`coalesce(sum(1 + ${eventRsvps.plusOne}), 0)`;
}

/** Events starting after `now`, soonest first, with the places left and the member's own RSVP. */
export function listUpcomingEvents(db: D1Database, memberId: string, now: Date, limit = 20): Promise<UpcomingEvent[]> {
  return selectUpcomingEvents(db, memberId, now, { limit });
}

async function selectUpcomingEvents(
  db: D1Database,
  memberId: string,
  now: Date,
  { limit, eventId }: { limit: number; eventId?: string },
): Promise<UpcomingEvent[]> {
  const rows = await getDatabase(db)
    .select({
      id: memberEvents.id,
      title: memberEvents.title,
      description: memberEvents.description,
      lounge: memberEvents.lounge,
      startsAt: memberEvents.startsAt,
      capacity: memberEvents.capacity,
      placesTaken: placesTaken().mapWith(Number),
      // 1 when the member comes alone, 2 with a plus-one, null when they have not replied (CASE: not in the builder).
      ownPlaces: sql<number | null>`max(CASE WHEN ${eventRsvps.memberId} = ${memberId} THEN 1 + ${eventRsvps.plusOne} END)`,
    })
    .from(memberEvents)
    .leftJoin(eventRsvps, eq(eventRsvps.eventId, memberEvents.id))
    .where(and(gt(memberEvents.startsAt, now.toISOString()), eventId === undefined ? undefined : eq(memberEvents.id, eventId)))
    .groupBy(memberEvents.id)
    .orderBy(asc(memberEvents.startsAt))
    .limit(limit)
    .all();
  return rows.map(({ placesTaken, ownPlaces, ...event }) => ({
    ...event,
    placesLeft: Math.max(0, event.capacity - placesTaken),
    rsvp: ownPlaces === null ? null : { plusOne: Number(ownPlaces) === 2 },
  }));
}

/**
 * RSVPs the member (and a plus-one) to an upcoming event. The capacity check and the insert are
 * one statement (INSERT … SELECT … FROM the event WHERE taken <= capacity - places), which D1 runs alone, so ten
 * members replying at once to the last place leave exactly one of them in.
 */
export async function rsvpToEvent(
  db: D1Database,
  { eventId, memberId, plusOne, now }: { eventId: string; memberId: string; plusOne: boolean; now: Date },
): Promise<RsvpResult> {
  const places = plusOne ? 2 : 1;
  const database = getDatabase(db);
  const takenOfThisEvent = database.select({ taken: placesTaken() }).from(eventRsvps).where(eq(eventRsvps.eventId, memberEvents.id));
  const [inserted] = await database
    .insert(eventRsvps)
    .select(
      database
        .select(insertSelectRow(eventRsvps, { eventId, memberId, plusOne }))
        .from(memberEvents)
        .where(
          and(
            eq(memberEvents.id, eventId),
            gt(memberEvents.startsAt, now.toISOString()),
            // Arithmetic on the event's capacity: the builder compares columns and values, not sums.
            lte(takenOfThisEvent, sql`${memberEvents.capacity} - ${places}`),
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ eventId: eventRsvps.eventId });
  if (inserted) return { ok: true };
  return { ok: false, reason: await whyRsvpWasRefused(db, eventId, memberId, plusOne, now) };
}

/** Reads why the insert above did nothing, to tell the member (not itself part of the decision). */
async function whyRsvpWasRefused(
  db: D1Database,
  eventId: string,
  memberId: string,
  plusOne: boolean,
  now: Date,
): Promise<Exclude<RsvpResult, { ok: true }>["reason"]> {
  const [event] = await selectUpcomingEvents(db, memberId, now, { limit: 1, eventId });
  if (!event) return "not-open";
  if (event.rsvp) return "already-attending";
  return plusOne && event.placesLeft === 1 ? "no-room-for-plus-one" : "full";
}

/** Cancels the member's RSVP to an upcoming event; false when there was none to cancel. */
export async function cancelRsvp(
  db: D1Database,
  { eventId, memberId, now }: { eventId: string; memberId: string; now: Date },
): Promise<boolean> {
  const database = getDatabase(db);
  const upcoming = database.select({ id: memberEvents.id }).from(memberEvents).where(gt(memberEvents.startsAt, now.toISOString()));
  const cancelled = await database
    .delete(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.memberId, memberId), inArray(eventRsvps.eventId, upcoming)))
    .returning({ eventId: eventRsvps.eventId });
  return cancelled.length > 0;
}
