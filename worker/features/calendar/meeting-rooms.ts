import { and, asc, eq, exists, gte, inArray, ne, notExists, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { meetingRoomBookings, members, outbox } from "#db/schema.ts";
import { tiersWithMeetingRooms, type MeetingRoomSlug } from "#app/features/calendar/meeting-room-facts.ts";
import { hourEnd, MEETING_ROOM_CANCEL_BEFORE_MS, planRoomHours, weekOf } from "#app/features/calendar/meeting-room-hours.ts";
import { entitlementsOf, tierEntitlements, type TierSlug } from "#app/features/site/tier-entitlements.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { isUniqueViolation } from "#worker/features/admissions/invitation-links.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import type { CalendarServices } from "./calendar-bookings.ts";
import { meetingRoomCancelledEmail } from "./meeting-room-emails.ts";

/**
 * The Business Lounge's meeting rooms (docs/product-rules.md#meeting-rooms): a member books 1 to 4
 * consecutive hours of one room. What does not depend on the database (the lounge's hours, an hour
 * already started, 60 days ahead) is checked first (meeting-room-hours.ts); everything else is
 * decided by one INSERT … SELECT of all the hours: the member row (active, dues not lapsed, a tier
 * with meeting rooms), the week's hours within the tier's allowance and no booked hour of the
 * member's own (either room) at any of the hours asked for are its guard, and the partial unique
 * index on (room, hour) of booked rows refuses a double booking, which aborts the whole statement.
 * D1 runs one statement at a time, so racing bookings never share an hour, pass the week's
 * allowance together, or give one member both rooms for the same hour.
 */

const booked = eq(meetingRoomBookings.status, "booked");
const inGoodStanding = and(eq(members.status, "active"), ne(members.duesStatus, "lapsed"));

/** The member's booked hours in the Monday-to-Sunday week from `monday` to `sunday`. */
function weekHours(memberId: string, [monday, sunday]: [string, string]): SQL<number> {
  return sql<number>`(select count(*) from ${meetingRoomBookings} where ${meetingRoomBookings.memberId} = ${memberId} and ${meetingRoomBookings.status} = 'booked' and ${meetingRoomBookings.day} between ${monday} and ${sunday})`;
}

/**
 * The member's booked hours (either room) among a booking's hours, which are whole and in a row, so
 * from the first to the last. `member` is the member's id, or the guard's own members row: a query
 * has at most 100 bound values and the guard repeats for each of up to four hours.
 */
function ownHoursWithin(member: SQL | string, startsAt: string[]): SQL {
  return sql`${meetingRoomBookings.memberId} = ${member} and ${meetingRoomBookings.status} = 'booked' and ${meetingRoomBookings.startsAt} between ${startsAt[0]} and ${startsAt.at(-1)}`;
}

/** The hours a week the member row's tier allows (tier-entitlements.ts), read in SQL so a tier change races nothing. */
const weeklyAllowance = sql`(case ${members.tier} ${sql.join(
  (Object.keys(tierEntitlements) as TierSlug[]).map((tier) => sql`when ${tier} then ${tierEntitlements[tier].meetingRoomHoursPerWeek}`),
  sql` `,
)} else 0 end)`;

export interface BookRoomInput {
  memberId: string;
  room: MeetingRoomSlug;
  /** The Portland day, YYYY-MM-DD. */
  day: string;
  /** The first hour, 7 (7 am) to 21 (9 pm). */
  startHour: number;
  /** 1 to 4. */
  hours: number;
  now: number;
}

export type BookRoomRefusal = "not-in-good-standing" | "not-included" | "outside-hours" | "past" | "too-far-ahead" | "over-week";

export type BookRoomResult =
  | { ok: true; reservationId: string; startsAt: string; endsAt: string }
  | { ok: false; reason: BookRoomRefusal }
  /** `takenAt`: the first of the hours asked for that another booking holds (null: freed again since). */
  | { ok: false; reason: "taken"; takenAt: string | null }
  /** `heldAt`: the first of the hours asked for at which the member already holds a room (docs/product-rules.md#meeting-rooms). */
  | { ok: false; reason: "own-hour"; heldAt: string };

export async function bookMeetingRoom(db: D1Database, input: BookRoomInput): Promise<BookRoomResult> {
  const plan = planRoomHours(input, input.now);
  if (!plan.ok) return plan;
  const database = getDatabase(db);
  const reservationId = crypto.randomUUID();
  const guard = and(
    eq(members.id, input.memberId),
    inGoodStanding,
    inArray(members.tier, tiersWithMeetingRooms()),
    sql`${weekHours(input.memberId, weekOf(input.day))} + ${plan.startsAt.length} <= ${weeklyAllowance}`,
    notExists(
      database
        .select({ id: meetingRoomBookings.id })
        .from(meetingRoomBookings)
        .where(ownHoursWithin(sql`${members.id}`, plan.startsAt)),
    ),
  );
  // One SELECT per hour, each under the same guard, joined into one INSERT: SQLite computes the
  // rows before writing any (the SELECT reads the table it fills), so every hour sees the same count.
  const hourRows = plan.startsAt.map((startsAt) =>
    database
      .select(
        insertSelectRow(meetingRoomBookings, {
          id: crypto.randomUUID(),
          room: input.room,
          memberId: input.memberId,
          startsAt,
          day: input.day,
          reservationId,
          status: "booked",
        }),
      )
      .from(members)
      .where(guard),
  );
  const [first, second, ...rest] = hourRows;
  try {
    const inserted = await database
      .insert(meetingRoomBookings)
      .select(second ? unionAll(first!, second, ...rest) : first!)
      .returning({ id: meetingRoomBookings.id });
    if (inserted.length === plan.startsAt.length)
      return { ok: true, reservationId, startsAt: plan.startsAt[0]!, endsAt: hourEnd(plan.startsAt.at(-1)!) };
  } catch (error) {
    if (!isUniqueViolation(error, "meeting_room_bookings.room")) throw error;
    const taken = await database
      .select({ startsAt: meetingRoomBookings.startsAt })
      .from(meetingRoomBookings)
      .where(and(eq(meetingRoomBookings.room, input.room), inArray(meetingRoomBookings.startsAt, plan.startsAt), booked))
      .orderBy(asc(meetingRoomBookings.startsAt))
      .get();
    return { ok: false, reason: "taken", takenAt: taken?.startsAt ?? null };
  }
  return refusalOf(db, input.memberId, plan.startsAt);
}

/** Which part of the guard refused a booking, read after the INSERT changed nothing. */
async function refusalOf(
  db: D1Database,
  memberId: string,
  startsAt: string[],
): Promise<{ ok: false; reason: BookRoomRefusal } | { ok: false; reason: "own-hour"; heldAt: string }> {
  const member = await getDatabase(db)
    .select({ tier: members.tier, standing: sql<number>`${inGoodStanding}` })
    .from(members)
    .where(eq(members.id, memberId))
    .get();
  if (!member?.standing) return { ok: false, reason: "not-in-good-standing" };
  if (!entitlementsOf(member.tier).meetingRooms) return { ok: false, reason: "not-included" };
  const held = await getDatabase(db)
    .select({ startsAt: meetingRoomBookings.startsAt })
    .from(meetingRoomBookings)
    .where(ownHoursWithin(memberId, startsAt))
    .orderBy(asc(meetingRoomBookings.startsAt))
    .get();
  if (held) return { ok: false, reason: "own-hour", heldAt: held.startsAt };
  // Also when a cancellation has freed hours since the INSERT: the week was full when it ran.
  return { ok: false, reason: "over-week" };
}

/** The first hour of a reservation (its hours are cancelled together, so any status will do). */
function firstHourOf(reservationId: string): SQL<string> {
  return sql<string>`(select min(${meetingRoomBookings.startsAt}) from ${meetingRoomBookings} where ${meetingRoomBookings.reservationId} = ${reservationId})`;
}

export type CancelRoomResult = { ok: true } | { ok: false; reason: "not-found" | "too-late" };

/**
 * The member cancels one of their reservations, all its hours, until an hour before its first
 * hour: one UPDATE whose WHERE holds both rules, so it changes all the hours or none.
 */
export async function cancelMeetingRoomReservation(
  db: D1Database,
  { memberId, reservationId, now }: { memberId: string; reservationId: string; now: number },
): Promise<CancelRoomResult> {
  const database = getDatabase(db);
  const mine = and(eq(meetingRoomBookings.reservationId, reservationId), eq(meetingRoomBookings.memberId, memberId), booked);
  const cancelled = await database
    .update(meetingRoomBookings)
    .set({ status: "cancelled", cancelledAt: new Date(now).toISOString(), cancelledBy: "member" })
    .where(and(mine, sql`${firstHourOf(reservationId)} >= ${new Date(now + MEETING_ROOM_CANCEL_BEFORE_MS).toISOString()}`))
    .returning({ id: meetingRoomBookings.id });
  if (cancelled.length > 0) return { ok: true };
  const live = await database.select({ id: meetingRoomBookings.id }).from(meetingRoomBookings).where(mine).get();
  return { ok: false, reason: live ? "too-late" : "not-found" };
}

export interface StaffCancelResult {
  ok: true;
  memberName: string;
  room: MeetingRoomSlug;
  day: string;
  startsAt: string;
  endsAt: string;
}

/**
 * The concierge cancels a reservation that has not started, in one D1 batch: the member's email
 * (outbox), then the UPDATE, both under the same condition (the reservation still booked, its first
 * hour still ahead), so they test the same state: of two concierges cancelling at once, the second
 * queues nothing and changes nothing. Audited (`meeting_room_booking_cancelled_by_staff`).
 */
export async function cancelMeetingRoomByStaff(
  services: CalendarServices & Pick<RequestContext, "logSecurityEvent">,
  { staffId, reservationId, now }: { staffId: string; reservationId: string; now: number },
): Promise<StaffCancelResult | { ok: false; reason: "not-found" | "started" }> {
  const database = getDatabase(services.env.DB);
  const ofReservation = and(eq(meetingRoomBookings.reservationId, reservationId), booked);
  const hours = await database
    .select({
      room: meetingRoomBookings.room,
      day: meetingRoomBookings.day,
      startsAt: meetingRoomBookings.startsAt,
      memberId: members.id,
      memberName: members.name,
      memberEmail: members.email,
    })
    .from(meetingRoomBookings)
    .innerJoin(members, eq(members.id, meetingRoomBookings.memberId))
    .where(ofReservation)
    .orderBy(asc(meetingRoomBookings.startsAt))
    .all();
  const [first] = hours;
  if (!first) return { ok: false, reason: "not-found" };
  const nowIso = new Date(now).toISOString();
  if (first.startsAt <= nowIso) return { ok: false, reason: "started" };

  const stillAhead = and(
    exists(database.select({ id: meetingRoomBookings.id }).from(meetingRoomBookings).where(ofReservation)),
    sql`${firstHourOf(reservationId)} > ${nowIso}`,
  );
  const endsAt = hourEnd(hours.at(-1)!.startsAt);
  const message = meetingRoomCancelledEmail({
    memberName: first.memberName,
    room: first.room,
    day: first.day,
    startsAt: first.startsAt,
    endsAt,
    siteUrl: services.config.SITE_URL,
  });
  const [queued, cancelled] = await database.batch([
    database
      .insert(outbox)
      .select(
        database
          .select(insertSelectRow(outbox, { channel: "email", recipient: first.memberEmail, subject: message.subject, body: message.body }))
          .from(members)
          .where(and(eq(members.id, first.memberId), stillAhead)),
      )
      .returning({ id: outbox.id }),
    database
      .update(meetingRoomBookings)
      .set({ status: "cancelled", cancelledAt: nowIso, cancelledBy: "staff" })
      .where(and(ofReservation, sql`${firstHourOf(reservationId)} > ${nowIso}`))
      .returning({ id: meetingRoomBookings.id }),
  ]);
  if (cancelled.length === 0) {
    const live = await database.select({ id: meetingRoomBookings.id }).from(meetingRoomBookings).where(ofReservation).get();
    return { ok: false, reason: live ? "started" : "not-found" };
  }
  services.logSecurityEvent({
    eventType: "meeting_room_booking_cancelled_by_staff",
    severity: "low",
    description: "meeting room reservation cancelled by staff",
    userId: staffId,
    details: { reservationId, memberId: first.memberId, room: first.room, day: first.day, hours: cancelled.length },
  });
  for (const { id } of queued)
    await deliverEmail(services, id).catch((error: unknown) =>
      console.error("meeting room cancellation email: first delivery attempt crashed; the cron will retry", error),
    );
  return { ok: true, memberName: first.memberName, room: first.room, day: first.day, startsAt: first.startsAt, endsAt };
}

export interface RoomReservation {
  reservationId: string;
  room: MeetingRoomSlug;
  day: string;
  memberId: string;
  /** Null for a member row that is gone (never deleted today; shown as a former member). */
  memberName: string | null;
  tier: TierSlug | null;
  /** The first hour's start and the last hour's end, UTC ISO. */
  startsAt: string;
  endsAt: string;
  hours: number;
}

const reservationColumns = {
  reservationId: meetingRoomBookings.reservationId,
  room: sql<MeetingRoomSlug>`min(${meetingRoomBookings.room})`,
  day: sql<string>`min(${meetingRoomBookings.day})`,
  memberId: sql<string>`min(${meetingRoomBookings.memberId})`,
  memberName: sql<string | null>`min(${members.name})`,
  tier: sql<TierSlug | null>`min(${members.tier})`,
  startsAt: sql<string>`min(${meetingRoomBookings.startsAt})`,
  lastHour: sql<string>`max(${meetingRoomBookings.startsAt})`,
  hours: sql<number>`count(*)`,
};

function toReservation({ lastHour, ...row }: { lastHour: string } & Omit<RoomReservation, "endsAt">): RoomReservation {
  return { ...row, endsAt: hourEnd(lastHour) };
}

/** The booked reservations of a Portland day, by room, then first hour (the console's list; the member page shows only free and taken). */
export async function meetingRoomReservationsOn(db: D1Database, day: string): Promise<RoomReservation[]> {
  const rows = await getDatabase(db)
    .select(reservationColumns)
    .from(meetingRoomBookings)
    .leftJoin(members, eq(members.id, meetingRoomBookings.memberId))
    .where(and(eq(meetingRoomBookings.day, day), booked))
    .groupBy(meetingRoomBookings.reservationId)
    .orderBy(sql`min(${meetingRoomBookings.room})`, sql`min(${meetingRoomBookings.startsAt})`)
    .all();
  return rows.map(toReservation);
}

/**
 * What /members/meeting-rooms shows of the member's own: the hours booked in the week of `today`
 * (past hours of the week count too), and their reservations that have not ended, soonest first.
 */
export async function memberMeetingRooms(
  db: D1Database,
  { memberId, today, now }: { memberId: string; today: string; now: number },
): Promise<{ hoursThisWeek: number; upcoming: RoomReservation[] }> {
  const database = getDatabase(db);
  const [week, upcoming] = await Promise.all([
    database
      .select({ hours: weekHours(memberId, weekOf(today)) })
      .from(members)
      .where(eq(members.id, memberId))
      .get(),
    database
      .select(reservationColumns)
      .from(meetingRoomBookings)
      .leftJoin(members, eq(members.id, meetingRoomBookings.memberId))
      .where(and(eq(meetingRoomBookings.memberId, memberId), booked, gte(meetingRoomBookings.day, today)))
      .groupBy(meetingRoomBookings.reservationId)
      .having(sql`max(${meetingRoomBookings.startsAt}) > ${new Date(now - 60 * 60 * 1000).toISOString()}`)
      .orderBy(sql`min(${meetingRoomBookings.startsAt})`)
      .limit(100)
      .all(),
  ]);
  return { hoursThisWeek: week?.hours ?? 0, upcoming: upcoming.map(toReservation) };
}
