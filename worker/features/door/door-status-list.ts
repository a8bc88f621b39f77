import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { calendarListings, cardDevices, guestVisits, members } from "#db/schema.ts";
import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";
import { entitlementsOf } from "#app/features/site/tier-entitlements.ts";
import type { DoorList } from "#app/features/door/door-list.ts";
import { nextDay } from "#worker/features/guests/guest-visits.ts";
import { clubCardPrivateKey } from "#worker/features/card/club-card-key.ts";
import { signDoorList, type SignedDoorList } from "#app/features/door/signed-list.ts";

/**
 * The door's status list (docs/product-rules.md#door): every member with what the door checks
 * (status, dues, a photo), the revoked cards, today's expected guests and each host's guests today,
 * read in one D1 batch so the parts agree. The door device verifies against it offline.
 */
export async function doorStatusList(env: Env, day: string, now = new Date()): Promise<DoorList> {
  const database = getDatabase(env.DB);
  const month = day.slice(0, 7);
  const [memberRows, revoked, guests, monthDays, events] = await database.batch([
    database
      .select({
        id: members.id,
        name: members.name,
        tier: members.tier,
        status: members.status,
        duesStatus: members.duesStatus,
        hasPhoto: sql<number>`${members.photoKey} is not null`,
        // Correlated subqueries, written out: their columns must name their tables.
        guestsToday: sql<number>`(select count(*) from guest_visits where guest_visits.host_member_id = members.id and guest_visits.day = ${day} and guest_visits.status = 'expected')`,
      })
      .from(members)
      // Door accounts are staff, not members: the door admits none of them (docs/product-rules.md#door).
      .where(ne(members.role, "door"))
      .orderBy(members.name),
    database.select({ id: cardDevices.id }).from(cardDevices).where(isNotNull(cardDevices.revokedAt)),
    database
      .select({
        id: guestVisits.id,
        hostMemberId: guestVisits.hostMemberId,
        guestName: guestVisits.guestName,
        lounge: guestVisits.lounge,
        checkedIn: sql<number>`exists (select 1 from door_guest_check_ins where door_guest_check_ins.guest_visit_id = guest_visits.id)`,
      })
      .from(guestVisits)
      .where(and(eq(guestVisits.day, day), eq(guestVisits.status, "expected")))
      .orderBy(guestVisits.guestName),
    database
      .select({ hostMemberId: guestVisits.hostMemberId, days: sql<number>`count(distinct ${guestVisits.day})` })
      .from(guestVisits)
      .where(and(sql`${guestVisits.day} between ${`${month}-01`} and ${`${month}-31`}`, eq(guestVisits.status, "expected")))
      .groupBy(guestVisits.hostMemberId),
    database
      .selectDistinct({ lounge: calendarListings.lounge })
      .from(calendarListings)
      .where(
        and(
          eq(calendarListings.kind, "event"),
          eq(calendarListings.status, "scheduled"),
          sql`${calendarListings.startsAt} >= ${portlandTimeToUtc(day, "00:00")} and ${calendarListings.startsAt} < ${portlandTimeToUtc(nextDay(day), "00:00")}`,
        ),
      ),
  ]);
  const daysByHost = new Map(monthDays.map((row) => [row.hostMemberId, row.days]));
  return {
    syncedAt: now.toISOString(),
    day,
    members: memberRows.map((row) => {
      const daysLimit = entitlementsOf(row.tier).guests.guestDaysPerMonth;
      return {
        ...row,
        hasPhoto: Boolean(row.hasPhoto),
        guestDaysUsedUp: daysLimit !== null && (daysByHost.get(row.id) ?? 0) >= daysLimit,
      };
    }),
    revokedCardIds: revoked.map((row) => row.id),
    expectedGuests: guests.map((guest) => ({ ...guest, checkedIn: Boolean(guest.checkedIn) })),
    eventNightLounges: events.map((row) => row.lounge),
  };
}

/** The list as the door receives it: signed with the club's card key (docs/security.md#door). */
export async function signedDoorStatusList(env: Env, day: string, now = new Date()): Promise<SignedDoorList> {
  return signDoorList(await clubCardPrivateKey(env), await doorStatusList(env, day, now));
}
