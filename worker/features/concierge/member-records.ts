import { and, asc, count, desc, eq, exists, gte, inArray, lt, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDatabase } from "#db/client.ts";
import {
  calendarBookings,
  calendarListings,
  doorCheckIns,
  duesLedger,
  guestVisits,
  invitationRequests,
  lockerAssignments,
  lockers,
  meetingRoomBookings,
  memberNotes,
  members,
} from "#db/schema.ts";
import { containsText } from "#db/text-match.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import type { LoungeSlug } from "#app/features/site/tier-entitlements.ts";

/**
 * What the console's Members section reads (docs/product-rules.md#members): the list, filtered and
 * a page at a time, and one member's record. Every read is bounded (a page, or the newest few of
 * each kind) and follows an index: members by name (members_name), each member's rows by their
 * member-id indexes.
 */
export const MEMBER_PAGE_SIZE = 25;

/** Each part of a member's record shows at most this many rows, newest (or soonest) first. */
export const RECORD_ROWS = 12;

/** A member holds a locker while their assignment is active, in grace or holding contents (not an offer). */
const HELD_LOCKER_STATUSES = ["active", "grace", "holding"] as const;

export interface MemberListFilters {
  q?: string | undefined;
  tier?: MemberRow["tier"] | undefined;
  status?: MemberRow["status"] | undefined;
  dues?: MemberRow["duesStatus"] | undefined;
  locker?: "has" | "none" | undefined;
  /** 1-based. */
  page: number;
}

export interface MemberListRow {
  id: string;
  name: string;
  email: string;
  tier: MemberRow["tier"];
  role: MemberRow["role"];
  status: MemberRow["status"];
  duesStatus: MemberRow["duesStatus"];
  lockerNumber: string | null;
  lockerLounge: LoungeSlug | null;
}

/** The members matching the filters, by name, one page, and how many match in all (one batch). */
export async function listMembers(db: D1Database, filters: MemberListFilters): Promise<{ rows: MemberListRow[]; total: number }> {
  const database = getDatabase(db);
  const holdsLocker = database
    .select({ id: lockerAssignments.id })
    .from(lockerAssignments)
    .where(and(eq(lockerAssignments.memberId, members.id), inArray(lockerAssignments.status, HELD_LOCKER_STATUSES)));
  const text = filters.q?.trim();
  const conditions: (SQL | undefined)[] = [
    text ? or(containsText(members.name, text), containsText(members.email, text)) : undefined,
    filters.tier ? eq(members.tier, filters.tier) : undefined,
    filters.status ? eq(members.status, filters.status) : undefined,
    filters.dues ? eq(members.duesStatus, filters.dues) : undefined,
    filters.locker === "has" ? exists(holdsLocker) : filters.locker === "none" ? notExists(holdsLocker) : undefined,
  ];
  const where = and(...conditions);
  const heldLocker = alias(lockerAssignments, "held_locker");
  const [page, total] = await database.batch([
    database
      .select({
        id: members.id,
        name: members.name,
        email: members.email,
        tier: members.tier,
        role: members.role,
        status: members.status,
        duesStatus: members.duesStatus,
        lockerNumber: lockers.number,
        lockerLounge: lockers.lounge,
      })
      .from(members)
      .leftJoin(heldLocker, and(eq(heldLocker.memberId, members.id), inArray(heldLocker.status, HELD_LOCKER_STATUSES)))
      .leftJoin(lockers, eq(lockers.id, heldLocker.lockerId))
      .where(where)
      .orderBy(asc(members.name), asc(members.id))
      .limit(MEMBER_PAGE_SIZE)
      .offset((filters.page - 1) * MEMBER_PAGE_SIZE),
    database.select({ total: count() }).from(members).where(where),
  ]);
  return { rows: page, total: total[0]?.total ?? 0 };
}

/** One member's record for their console page, in one batch; null when there is no such member. */
export async function loadMemberRecord(db: D1Database, memberId: string, today: string) {
  const database = getDatabase(db);
  const sponsor = alias(members, "sponsor");
  const admitter = alias(members, "admitter");
  const author = alias(members, "author");
  const [member, ledger, held, upcomingGuests, recentGuests, bookings, meetingRooms, checkIns, notes] = await database.batch([
    database
      .select({
        member: members,
        // Named apart: a D1 batch reads rows by column name, and every one of these tables has a `name`.
        sponsorName: sql<string | null>`${sponsor.name}`.as("sponsor_name"),
        sponsorAnswer: invitationRequests.sponsorAnswer,
        admittedByName: sql<string | null>`${admitter.name}`.as("admitted_by_name"),
      })
      .from(members)
      .leftJoin(invitationRequests, eq(invitationRequests.id, members.invitationRequestId))
      .leftJoin(sponsor, eq(sponsor.id, invitationRequests.sponsorMemberId))
      .leftJoin(admitter, eq(admitter.id, members.admittedBy))
      .where(eq(members.id, memberId)),
    database
      .select()
      .from(duesLedger)
      .where(eq(duesLedger.memberId, memberId))
      .orderBy(desc(duesLedger.occurredAt), desc(duesLedger.id))
      .limit(RECORD_ROWS),
    database
      .select({
        status: lockerAssignments.status,
        lounge: lockers.lounge,
        lockerClass: lockers.lockerClass,
        number: lockers.number,
      })
      .from(lockerAssignments)
      .innerJoin(lockers, eq(lockers.id, lockerAssignments.lockerId))
      .where(and(eq(lockerAssignments.memberId, memberId), ne(lockerAssignments.status, "ended"))),
    database
      .select()
      .from(guestVisits)
      .where(and(eq(guestVisits.hostMemberId, memberId), gte(guestVisits.day, today)))
      .orderBy(asc(guestVisits.day), asc(guestVisits.createdAt))
      .limit(RECORD_ROWS),
    database
      .select()
      .from(guestVisits)
      .where(and(eq(guestVisits.hostMemberId, memberId), lt(guestVisits.day, today)))
      .orderBy(desc(guestVisits.day), desc(guestVisits.createdAt))
      .limit(RECORD_ROWS),
    database
      .select({
        id: calendarBookings.id,
        status: calendarBookings.status,
        guests: calendarBookings.guests,
        title: calendarListings.title,
        kind: calendarListings.kind,
        lounge: calendarListings.lounge,
        startsAt: calendarListings.startsAt,
      })
      .from(calendarBookings)
      .innerJoin(calendarListings, eq(calendarListings.id, calendarBookings.listingId))
      .where(eq(calendarBookings.memberId, memberId))
      .orderBy(desc(calendarListings.startsAt))
      .limit(RECORD_ROWS),
    database
      .select({
        reservationId: meetingRoomBookings.reservationId,
        room: meetingRoomBookings.room,
        startsAt: sql<string>`min(${meetingRoomBookings.startsAt})`,
        hours: count(),
        status: meetingRoomBookings.status,
      })
      .from(meetingRoomBookings)
      .where(eq(meetingRoomBookings.memberId, memberId))
      .groupBy(meetingRoomBookings.reservationId, meetingRoomBookings.room, meetingRoomBookings.status)
      .orderBy(desc(sql`min(${meetingRoomBookings.startsAt})`))
      .limit(RECORD_ROWS),
    database
      .select()
      .from(doorCheckIns)
      .where(eq(doorCheckIns.memberId, memberId))
      .orderBy(desc(doorCheckIns.day), desc(doorCheckIns.checkedInAt))
      .limit(RECORD_ROWS),
    database
      .select({
        id: memberNotes.id,
        note: memberNotes.note,
        createdAt: memberNotes.createdAt,
        authorName: sql<string | null>`${author.name}`.as("author_name"),
      })
      .from(memberNotes)
      .leftJoin(author, eq(author.id, memberNotes.authorMemberId))
      .where(eq(memberNotes.memberId, memberId))
      .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id))
      .limit(50),
  ]);
  const found = member[0];
  if (!found) return null;
  return {
    ...found,
    ledger,
    locker: held.find((row) => row.status !== "offered") ?? null,
    lockerOffer: held.find((row) => row.status === "offered") ?? null,
    upcomingGuests,
    recentGuests,
    bookings,
    meetingRooms,
    checkIns,
    notes,
  };
}

export type MemberRecord = NonNullable<Awaited<ReturnType<typeof loadMemberRecord>>>;
