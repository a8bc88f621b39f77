import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDatabase } from "#db/client.ts";
import {
  calendarBookings,
  calendarListings,
  doorCheckIns,
  duesLedger,
  lockerAssignments,
  meetingRoomBookings,
  members,
} from "#db/schema.ts";

/**
 * The console's exports (docs/product-rules.md#exports): the rows behind each CSV, newest first and
 * at most EXPORT_LIMIT (a narrower date range finds older ones). Dates are Portland days
 * (YYYY-MM-DD, inclusive) or, for instants, the UTC instants of their Portland midnights, worked
 * out by the caller.
 */
export const EXPORT_LIMIT = 5000;

/** A period: Portland days for day columns, UTC instants (from inclusive, until exclusive) for timestamps. */
export interface ExportPeriod {
  fromDay?: string | null;
  toDay?: string | null;
  fromInstant?: string | null;
  untilInstant?: string | null;
}

export function exportMembers(db: D1Database) {
  return (
    getDatabase(db)
      .select({
        id: members.id,
        name: members.name,
        email: members.email,
        tier: members.tier,
        role: members.role,
        status: members.status,
        duesStatus: members.duesStatus,
        paidThrough: members.paidThrough,
        invitedBy: members.invitedBy,
        createdAt: members.createdAt,
        lockerId: lockerAssignments.lockerId,
      })
      .from(members)
      // At most one held locker per member (locker_assignments_member_held).
      .leftJoin(
        lockerAssignments,
        and(eq(lockerAssignments.memberId, members.id), inArray(lockerAssignments.status, ["active", "grace", "holding"])),
      )
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(EXPORT_LIMIT)
      .all()
  );
}

export function exportCheckIns(db: D1Database, period: ExportPeriod) {
  const staff = alias(members, "staff");
  const conditions: SQL[] = [];
  if (period.fromDay) conditions.push(gte(doorCheckIns.day, period.fromDay));
  if (period.toDay) conditions.push(lte(doorCheckIns.day, period.toDay));
  return getDatabase(db)
    .select({
      id: doorCheckIns.id,
      day: doorCheckIns.day,
      checkedInAt: doorCheckIns.checkedInAt,
      lounge: doorCheckIns.lounge,
      method: doorCheckIns.method,
      offline: doorCheckIns.offline,
      memberName: members.name,
      memberEmail: members.email,
      tier: members.tier,
      staffName: staff.name,
      guests: sql<
        string | null
      >`(select group_concat(g.guest_name, '; ') from door_guest_check_ins g where g.check_in_id = door_check_ins.id and g.guest_visit_id is not null)`,
    })
    .from(doorCheckIns)
    .leftJoin(members, eq(members.id, doorCheckIns.memberId))
    .leftJoin(staff, eq(staff.id, doorCheckIns.staffMemberId))
    .where(and(...conditions))
    .orderBy(desc(doorCheckIns.day), desc(doorCheckIns.checkedInAt))
    .limit(EXPORT_LIMIT)
    .all();
}

/** Payments and refunds of dues (charges are what was owed, not money received). */
export function exportPayments(db: D1Database, period: ExportPeriod) {
  const recorder = alias(members, "recorder");
  const conditions: SQL[] = [inArray(duesLedger.kind, ["payment", "refund"])];
  if (period.fromInstant) conditions.push(gte(duesLedger.occurredAt, period.fromInstant));
  if (period.untilInstant) conditions.push(lt(duesLedger.occurredAt, period.untilInstant));
  return getDatabase(db)
    .select({
      id: duesLedger.id,
      occurredAt: duesLedger.occurredAt,
      kind: duesLedger.kind,
      amountCents: duesLedger.amountCents,
      method: duesLedger.method,
      description: duesLedger.description,
      memberName: members.name,
      memberEmail: members.email,
      recordedByName: recorder.name,
    })
    .from(duesLedger)
    .leftJoin(members, eq(members.id, duesLedger.memberId))
    .leftJoin(recorder, eq(recorder.id, duesLedger.recordedBy))
    .where(and(...conditions))
    .orderBy(desc(duesLedger.occurredAt), desc(duesLedger.id))
    .limit(EXPORT_LIMIT)
    .all();
}

/** Bookings of events and course terms, by the listing's start. */
export function exportCalendarBookings(db: D1Database, period: ExportPeriod) {
  const conditions: SQL[] = [];
  if (period.fromInstant) conditions.push(gte(calendarListings.startsAt, period.fromInstant));
  if (period.untilInstant) conditions.push(lt(calendarListings.startsAt, period.untilInstant));
  return getDatabase(db)
    .select({
      id: calendarBookings.id,
      startsAt: calendarListings.startsAt,
      kind: calendarListings.kind,
      title: calendarListings.title,
      lounge: calendarListings.lounge,
      status: calendarBookings.status,
      guests: calendarBookings.guests,
      bookedAt: calendarBookings.createdAt,
      memberName: members.name,
      memberEmail: members.email,
    })
    .from(calendarBookings)
    .innerJoin(calendarListings, eq(calendarListings.id, calendarBookings.listingId))
    .leftJoin(members, eq(members.id, calendarBookings.memberId))
    .where(and(...conditions))
    .orderBy(desc(calendarListings.startsAt), desc(calendarBookings.createdAt))
    .limit(EXPORT_LIMIT)
    .all();
}

/** Meeting-room hours, by their Portland day. */
export function exportMeetingRoomBookings(db: D1Database, period: ExportPeriod) {
  const conditions: SQL[] = [];
  if (period.fromDay) conditions.push(gte(meetingRoomBookings.day, period.fromDay));
  if (period.toDay) conditions.push(lte(meetingRoomBookings.day, period.toDay));
  return getDatabase(db)
    .select({
      id: meetingRoomBookings.id,
      day: meetingRoomBookings.day,
      startsAt: meetingRoomBookings.startsAt,
      room: meetingRoomBookings.room,
      status: meetingRoomBookings.status,
      reservationId: meetingRoomBookings.reservationId,
      memberName: members.name,
      memberEmail: members.email,
    })
    .from(meetingRoomBookings)
    .leftJoin(members, eq(members.id, meetingRoomBookings.memberId))
    .where(and(...conditions))
    .orderBy(desc(meetingRoomBookings.startsAt))
    .limit(EXPORT_LIMIT)
    .all();
}
