import { and, asc, countDistinct, desc, eq, gt, gte, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { insertSelectRow } from "#db/insert-select.ts";
import { containsText } from "#db/text-match.ts";
import { getDatabase, type Database } from "#db/client.ts";
import { calendarBookings, calendarListings, guestVisits, members, outbox } from "#db/schema.ts";
import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";
import { entitlementsOf, tierOpensLounge, type LoungeSlug, type TierSlug } from "#app/features/site/tier-entitlements.ts";
import { normalizeEmail } from "#worker/features/members/members.ts";
import { guestWelcomeEmail } from "./guest-emails.ts";
import { guestInvitationUrl, readGuestReference } from "./guest-reference.ts";

/**
 * Guest visits (docs/product-rules.md#guests): a member registers a guest for a Portland day at one
 * of their tier's lounges. Every limit (the member in good standing, the tier's guests a day and
 * days a month, the event-night extras, the guest's visits a quarter across every host) is decided
 * by the one INSERT … SELECT that registers the visit, so registrations racing from several tabs
 * can never pass a limit together: D1 runs one statement at a time.
 */

export type GuestVisit = typeof guestVisits.$inferSelect;

/** The guest's identity across hosts: the name lower-cased with its spaces collapsed (db/schema/guests.ts). */
export function guestKeyOf(name: string): string {
  return name.normalize("NFC").trim().toLowerCase().replace(/\s+/g, " ");
}

/** The first and last day (YYYY-MM-DD) of `day`'s month: days are text, so the month ends at -31 for every month. */
function monthOf(day: string): [string, string] {
  const month = day.slice(0, 7);
  return [`${month}-01`, `${month}-31`];
}

/** The first and last day of `day`'s calendar quarter (Q1 January–March, …). */
export function quarterOf(day: string): [string, string] {
  const year = day.slice(0, 4);
  const first = Math.floor((Number(day.slice(5, 7)) - 1) / 3) * 3 + 1;
  return [`${year}-${String(first).padStart(2, "0")}-01`, `${year}-${String(first + 2).padStart(2, "0")}-31`];
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string, days = 1): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a scheduled club event (db/schema/calendar.ts) starts at `lounge` on the Portland day
 * `day`: an event night, with the tiers' extra guests.
 */
function eventNight(lounge: LoungeSlug, day: string): SQL {
  return sql`exists (select 1 from ${calendarListings} where ${calendarListings.kind} = 'event' and ${calendarListings.status} = 'scheduled'
    and ${calendarListings.lounge} = ${lounge}
    and ${calendarListings.startsAt} >= ${portlandTimeToUtc(day, "00:00")} and ${calendarListings.startsAt} < ${portlandTimeToUtc(nextDay(day), "00:00")})`;
}

const expected = eq(guestVisits.status, "expected");

/** The host's expected guests on `day`, any lounge. */
function hostGuestsOn(hostId: string, day: string): SQL {
  return sql`(select count(*) from ${guestVisits} where ${guestVisits.hostMemberId} = ${hostId} and ${guestVisits.day} = ${day} and ${guestVisits.status} = 'expected')`;
}

/** The host's expected guests on `day` within the tier's guests a day (not event-night extras). */
function hostDayGuestsOn(hostId: string, day: string): SQL {
  return sql`(select count(*) from ${guestVisits} where ${guestVisits.hostMemberId} = ${hostId} and ${guestVisits.day} = ${day} and ${guestVisits.status} = 'expected' and ${guestVisits.eventNightExtra} = 0)`;
}

/** Whether the host's plus-one of `day` (the guest whose stick fee is waived) is still expected. */
function hostWaivedGuestOn(hostId: string, day: string): SQL {
  return sql`exists (select 1 from ${guestVisits} where ${guestVisits.hostMemberId} = ${hostId} and ${guestVisits.day} = ${day} and ${guestVisits.status} = 'expected' and ${guestVisits.stickFeeWaived} = 1)`;
}

/**
 * The registrations a host may make in 24 hours, cancelled ones included (docs/security.md#guest-registrations):
 * each may send a welcome email to any address, and a refusal tells whether a guest visited with other hosts.
 */
const GUEST_REGISTRATIONS_PER_DAY = 10;

/** The host's registrations of the last 24 hours, whatever became of them. */
function hostRecentRegistrations(hostId: string): SQL {
  return sql`(select count(*) from ${guestVisits} where ${guestVisits.hostMemberId} = ${hostId} and ${guestVisits.createdAt} >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day'))`;
}

/** The distinct days of `day`'s month on which the host has an expected guest. */
function hostGuestDaysInMonth(hostId: string, day: string): SQL {
  const [first, last] = monthOf(day);
  return sql`(select count(distinct ${guestVisits.day}) from ${guestVisits} where ${guestVisits.hostMemberId} = ${hostId} and ${guestVisits.day} between ${first} and ${last} and ${guestVisits.status} = 'expected')`;
}

/** The guest's expected visits in `day`'s quarter, with any host: the same name, or the same email. */
function guestVisitsInQuarter(guestKey: string, guestEmail: string | null, day: string): SQL {
  const [first, last] = quarterOf(day);
  const sameGuest =
    guestEmail === null
      ? sql`${guestVisits.guestKey} = ${guestKey}`
      : sql`(${guestVisits.guestKey} = ${guestKey} or ${guestVisits.guestEmail} = ${guestEmail})`;
  return sql`(select count(*) from ${guestVisits} where ${sameGuest} and ${guestVisits.day} between ${first} and ${last} and ${guestVisits.status} = 'expected')`;
}

export interface GuestRegistration {
  host: { id: string; name: string; tier: TierSlug };
  day: string;
  lounge: LoungeSlug;
  guestName: string;
  guestEmail: string | null;
  /** guestVisitsPerQuarter of app/features/site/tier-entitlements.ts, the number /memberships prints. */
  visitsPerQuarter: number;
  siteUrl: string;
  signingKey: string;
}

export type RegisterGuestResult =
  | {
      ok: true;
      visit: Pick<GuestVisit, "id" | "day" | "lounge" | "guestName" | "stickFeeWaived" | "eventNightExtra">;
      /** The guest's visit that reaches the quarter's limit: the host is told, the guest invited to apply. */
      lastVisitThisQuarter: boolean;
      /** The welcome email's outbox row, when the guest gave an email. */
      outboxId: number | null;
    }
  | {
      ok: false;
      reason: "not-allowed" | "already-registered" | "day-full" | "month-full" | "too-many-registrations" | "guest-quarter-limit";
    };

export type GuestRefusal = Extract<RegisterGuestResult, { ok: false }>["reason"];

/** A guest visit that comes with a club event booking (worker/features/calendar/calendar-bookings.ts). */
export interface GuestOfBooking {
  bookingId: string;
  /** SQL that must hold for the visit to be inserted (the booking stands). */
  requires: SQL;
}

/**
 * The statements that register a guest, for a batch: `insertVisit`, the INSERT … SELECT from the
 * host's member row that decides every limit (nothing when one refuses); `welcome` and
 * `invitation`, the welcome email (outbox) in its plain wording and in the one inviting the guest
 * to apply (the visit is their last of the quarter), each inserted only if the visit was and it
 * applies (null without a guest email); `lastVisit`, whether the visit is the guest's last of
 * the quarter. The lounge rule is here too, for every caller (the member's form, the door, an
 * event's guests): a guest comes to a lounge the host's tier opens.
 */
export async function guestVisitStatements(database: Database, input: GuestRegistration, booking?: GuestOfBooking) {
  const { host, day, lounge, visitsPerQuarter } = input;
  const allowance = entitlementsOf(host.tier).guests;
  const id = crypto.randomUUID();
  const guestName = input.guestName.trim();
  const guestKey = guestKeyOf(guestName);
  const guestEmail = input.guestEmail === null ? null : normalizeEmail(input.guestEmail);
  const onEventNight = eventNight(lounge, day);
  const hostToday = hostGuestsOn(host.id, day);
  const dayLimit =
    allowance.extraGuestsOnEventNights > 0
      ? sql`${allowance.guestsPerDay} + (case when ${onEventNight} then ${allowance.extraGuestsOnEventNights} else 0 end)`
      : sql`${allowance.guestsPerDay}`;
  const monthLimit =
    allowance.guestDaysPerMonth === null
      ? undefined
      : or(sql`${hostGuestDaysInMonth(host.id, day)} < ${allowance.guestDaysPerMonth}`, sql`${hostToday} > 0`);

  const visitRow = insertSelectRow(guestVisits, {
    id,
    hostMemberId: host.id,
    lounge,
    day,
    guestName,
    guestKey,
    guestEmail,
    adultConfirmed: true,
    // The plus-one is waived when the tier waives it and no other expected guest of the day is
    // (a cancelled plus-one hands the waiver on); an extra is a guest beyond the guests a day.
    stickFeeWaived: allowance.plusOneStickFeeWaived ? sql`not ${hostWaivedGuestOn(host.id, day)}` : false,
    eventNightExtra: sql`${hostDayGuestsOn(host.id, day)} >= ${allowance.guestsPerDay}`,
    bookingId: booking?.bookingId ?? null,
  });
  const insertVisit = database
    .insert(guestVisits)
    .select(
      database
        .select(visitRow)
        .from(members)
        .where(
          and(
            eq(members.id, host.id),
            eq(members.status, "active"),
            ne(members.duesStatus, "lapsed"),
            eq(members.tier, host.tier),
            // The tier is the row's (checked above), so the lounge rule is known before the statement runs.
            tierOpensLounge(host.tier, lounge) ? undefined : sql`0`,
            sql`${hostToday} < ${dayLimit}`,
            monthLimit,
            sql`${hostRecentRegistrations(host.id)} < ${GUEST_REGISTRATIONS_PER_DAY}`,
            sql`${guestVisitsInQuarter(guestKey, guestEmail, day)} < ${visitsPerQuarter}`,
            booking?.requires,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({
      id: guestVisits.id,
      day: guestVisits.day,
      lounge: guestVisits.lounge,
      guestName: guestVisits.guestName,
      stickFeeWaived: guestVisits.stickFeeWaived,
      eventNightExtra: guestVisits.eventNightExtra,
    });

  // The visit just inserted counts itself: at the limit, it is the guest's last this quarter.
  const atLimit = sql`${guestVisitsInQuarter(guestKey, guestEmail, day)} >= ${visitsPerQuarter}`;
  const invitationUrl = guestEmail === null ? null : await guestInvitationUrl(input.siteUrl, input.signingKey, id);
  const welcome = (invite: boolean) => {
    const message = guestWelcomeEmail({ guestName, hostName: host.name, day, lounge, invitationUrl: invite ? invitationUrl : null });
    return database
      .insert(outbox)
      .select(
        database
          .select(insertSelectRow(outbox, { channel: "email", recipient: guestEmail ?? "", subject: message.subject, body: message.body }))
          .from(guestVisits)
          .where(and(eq(guestVisits.id, id), invite ? atLimit : sql`not ${atLimit}`)),
      )
      .returning({ id: outbox.id });
  };
  // Read in the same batch, so a registration racing for the same guest cannot change the answer.
  const lastVisit = database
    .select({ last: sql<number>`${atLimit}` })
    .from(guestVisits)
    .where(eq(guestVisits.id, id));
  return {
    guestKey,
    guestEmail,
    insertVisit,
    welcome: guestEmail === null ? null : welcome(false),
    invitation: guestEmail === null ? null : welcome(true),
    lastVisit,
  };
}

/**
 * Registers a guest in one D1 batch (guestVisitStatements): the visit and its welcome email. When
 * nothing was inserted, which limit refused it is read afterwards.
 */
export async function registerGuest(db: D1Database, input: GuestRegistration): Promise<RegisterGuestResult> {
  const database = getDatabase(db);
  const statements = await guestVisitStatements(database, input);
  if (statements.welcome === null || statements.invitation === null) {
    const [[visit], [last]] = await database.batch([statements.insertVisit, statements.lastVisit]);
    if (visit) return { ok: true, visit, lastVisitThisQuarter: Boolean(last?.last), outboxId: null };
  } else {
    const [[visit], plain, invitation] = await database.batch([statements.insertVisit, statements.welcome, statements.invitation]);
    if (visit) return { ok: true, visit, lastVisitThisQuarter: invitation.length > 0, outboxId: (invitation[0] ?? plain[0])?.id ?? null };
  }
  // Another registration changed the counts between the INSERT and the read: the day filled.
  return { ok: false, reason: (await guestRefusal(db, input)) ?? "day-full" };
}

/**
 * Which limit refuses the registration, read from the database as it stands, as if the guests
 * `earlier` (registered by the same host for the same day in the same batch, before this one)
 * were already in; null when none would. Not itself part of any decision: it tells the member.
 */
export async function guestRefusal(
  db: D1Database,
  { host, day, lounge, visitsPerQuarter, guestName, guestEmail: email }: GuestRegistration,
  earlier: { guestName: string; guestEmail: string | null }[] = [],
): Promise<GuestRefusal | null> {
  const allowance = entitlementsOf(host.tier).guests;
  const guestKey = guestKeyOf(guestName.trim());
  const guestEmail = email === null ? null : normalizeEmail(email);
  const before = earlier.map((guest) => ({
    guestKey: guestKeyOf(guest.guestName.trim()),
    guestEmail: guest.guestEmail === null ? null : normalizeEmail(guest.guestEmail),
  }));
  const facts = await getDatabase(db).get<{
    standing: number;
    sameGuest: number;
    today: number;
    eventNight: number;
    days: number;
    recent: number;
    guestVisits: number;
  }>(
    sql`select
      (select count(*) from ${members} where ${members.id} = ${host.id} and ${members.status} = 'active' and ${members.duesStatus} <> 'lapsed' and ${members.tier} = ${host.tier}) as standing,
      (select count(*) from ${guestVisits} where ${guestVisits.hostMemberId} = ${host.id} and ${guestVisits.day} = ${day} and ${guestVisits.guestKey} = ${guestKey} and ${guestVisits.status} = 'expected') as sameGuest,
      ${hostGuestsOn(host.id, day)} as today,
      ${eventNight(lounge, day)} as eventNight,
      ${hostGuestDaysInMonth(host.id, day)} as days,
      ${hostRecentRegistrations(host.id)} as recent,
      ${guestVisitsInQuarter(guestKey, guestEmail, day)} as guestVisits`,
  );
  const today = facts.today + before.length;
  if (!facts.standing || !tierOpensLounge(host.tier, lounge)) return "not-allowed";
  if (facts.sameGuest > 0 || before.some((guest) => guest.guestKey === guestKey)) return "already-registered";
  const dayLimit = allowance.guestsPerDay + (facts.eventNight ? allowance.extraGuestsOnEventNights : 0);
  if (today >= dayLimit) return "day-full";
  if (allowance.guestDaysPerMonth !== null && today === 0 && facts.days >= allowance.guestDaysPerMonth) return "month-full";
  // Before the guest's visits with other hosts, which a host over this limit is not told.
  if (facts.recent + before.length >= GUEST_REGISTRATIONS_PER_DAY) return "too-many-registrations";
  const sameGuestBefore = before.filter((guest) => guest.guestKey === guestKey || (guestEmail !== null && guest.guestEmail === guestEmail));
  if (facts.guestVisits + sameGuestBefore.length >= visitsPerQuarter) return "guest-quarter-limit";
  return null;
}

/**
 * Cancels one of the host's expected visits on a day after `today` (one UPDATE); frees the day. A
 * visit of today stands: the guest may already be in the lounge (docs/product-rules.md#guests).
 */
export async function cancelGuestVisit(
  db: D1Database,
  input: { hostId: string; visitId: string; today: string; now?: Date },
): Promise<boolean> {
  const cancelled = await getDatabase(db)
    .update(guestVisits)
    .set({ status: "cancelled", cancelledAt: (input.now ?? new Date()).toISOString() })
    .where(
      and(
        eq(guestVisits.id, input.visitId),
        eq(guestVisits.hostMemberId, input.hostId),
        expected,
        gt(guestVisits.day, input.today),
        // An event's guest holds a place of the booking: only the booking lets it go, and
        // promotes from the waitlist (docs/product-rules.md#events).
        isNull(guestVisits.bookingId),
      ),
    )
    .returning({ id: guestVisits.id });
  return cancelled.length > 0;
}

export interface HostGuestStatus {
  /** Distinct days of this month with a guest (for tiers with days a month). */
  guestDaysThisMonth: number;
  upcoming: (Pick<GuestVisit, "id" | "day" | "lounge" | "guestName" | "stickFeeWaived" | "eventNightExtra"> & {
    /** The event whose booking brings the guest (removed only on the event's page), or null. */
    event: { id: string; title: string } | null;
  })[];
}

/** What /members/guests and the /members card show: this month's guest days and the upcoming guests. */
export async function hostGuestStatus(db: D1Database, hostId: string, today: string): Promise<HostGuestStatus> {
  const database = getDatabase(db);
  const [first, last] = monthOf(today);
  const [days, upcoming] = await Promise.all([
    database
      .select({ days: countDistinct(guestVisits.day) })
      .from(guestVisits)
      .where(and(eq(guestVisits.hostMemberId, hostId), expected, gte(guestVisits.day, first), lte(guestVisits.day, last)))
      .get(),
    database
      .select({
        id: guestVisits.id,
        day: guestVisits.day,
        lounge: guestVisits.lounge,
        guestName: guestVisits.guestName,
        stickFeeWaived: guestVisits.stickFeeWaived,
        eventNightExtra: guestVisits.eventNightExtra,
        eventId: calendarListings.id,
        eventTitle: calendarListings.title,
      })
      .from(guestVisits)
      .leftJoin(calendarBookings, eq(calendarBookings.id, guestVisits.bookingId))
      .leftJoin(calendarListings, eq(calendarListings.id, calendarBookings.listingId))
      .where(and(eq(guestVisits.hostMemberId, hostId), expected, gte(guestVisits.day, today)))
      .orderBy(asc(guestVisits.day), asc(guestVisits.createdAt))
      .limit(100)
      .all(),
  ]);
  return {
    guestDaysThisMonth: days?.days ?? 0,
    upcoming: upcoming.map(({ eventId, eventTitle, ...visit }) => ({
      ...visit,
      event: eventId === null || eventTitle === null ? null : { id: eventId, title: eventTitle },
    })),
  };
}

export interface ConsoleGuest {
  id: string;
  day: string;
  lounge: LoungeSlug;
  guestName: string;
  hostName: string | null;
  stickFeeWaived: boolean;
  eventNightExtra: boolean;
  status: GuestVisit["status"];
  /** The host's membership is suspended or their dues lapsed: the guest is not expected (docs/operators.md#guests). */
  hostPaused: boolean;
  createdAt: string;
}

const consoleColumns = {
  id: guestVisits.id,
  day: guestVisits.day,
  lounge: guestVisits.lounge,
  guestName: guestVisits.guestName,
  hostName: members.name,
  stickFeeWaived: guestVisits.stickFeeWaived,
  eventNightExtra: guestVisits.eventNightExtra,
  status: guestVisits.status,
  hostPaused: sql<boolean>`coalesce(${members.status} <> 'active' or ${members.duesStatus} = 'lapsed', 0)`.mapWith(Boolean),
  createdAt: guestVisits.createdAt,
};

/** The console's guests of a Portland day (those of a paused host marked so), by lounge, then guest name. */
export async function expectedGuestsOn(db: D1Database, day: string): Promise<ConsoleGuest[]> {
  return getDatabase(db)
    .select(consoleColumns)
    .from(guestVisits)
    .leftJoin(members, eq(members.id, guestVisits.hostMemberId))
    .where(and(eq(guestVisits.day, day), expected))
    .orderBy(asc(guestVisits.lounge), asc(guestVisits.guestName), asc(guestVisits.id))
    .all();
}

/** The guest log: every registration, newest first, a page at a time, optionally by guest name. */
export async function guestLog(db: D1Database, { query, page, pageSize }: { query: string | null; page: number; pageSize: number }) {
  const rows = await getDatabase(db)
    .select(consoleColumns)
    .from(guestVisits)
    .leftJoin(members, eq(members.id, guestVisits.hostMemberId))
    .where(query ? containsText(guestVisits.guestName, query) : undefined)
    // Registered in the same millisecond: the later insert (rowid) first.
    .orderBy(desc(guestVisits.createdAt), desc(sql`${guestVisits}.rowid`))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .all();
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/** How long after the visit's day its invitation to apply still names the host as sponsor. */
const REFERENCE_DAYS = 90;

/**
 * The host a signed guest reference names (guest-reference.ts), for the guest it was sent to only
 * (docs/security.md#guest-invitation-links): the applicant's email is the visit's guest email, the
 * visit stands (not cancelled), its day is no more than 90 days before `today` (a Portland day), and
 * the host is an active member whose dues have not lapsed; null for anything else, a forged
 * reference included.
 */
export async function guestHost(
  db: D1Database,
  signingKey: string,
  reference: string,
  applicant: { email: string; today: string },
): Promise<{ id: string; name: string } | null> {
  const visitId = await readGuestReference(signingKey, reference);
  const email = normalizeEmail(applicant.email);
  if (!visitId || !email) return null;
  const host = await getDatabase(db)
    .select({ id: members.id, name: members.name })
    .from(guestVisits)
    .innerJoin(members, eq(members.id, guestVisits.hostMemberId))
    .where(
      and(
        eq(guestVisits.id, visitId),
        expected,
        eq(guestVisits.guestEmail, email),
        gte(guestVisits.day, nextDay(applicant.today, -REFERENCE_DAYS)),
        eq(members.status, "active"),
        ne(members.duesStatus, "lapsed"),
      ),
    )
    .get();
  return host ?? null;
}
