import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { cardDevices, doorCheckIns, doorGuestCheckIns, guestVisits, members } from "#db/schema.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { guestVisitsPerQuarter, tierOpensLounge, type LoungeSlug, type TierSlug } from "#app/features/site/tier-entitlements.ts";
import { loungeBySlug, tierBySlug } from "#app/features/site/site-config.ts";
import { guestName as guestNameRule } from "#app/features/member-area/member-forms.ts";
import { doorLounges, type DoorEvening, type DoorGuestAnswer, type DoorSyncAnswer } from "#app/features/door/door-list.ts";
import { guestRefusal, guestVisitStatements, type GuestRefusal } from "#worker/features/guests/guest-visits.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import type { DoorCheckInInput } from "./door-check-in-input.ts";

/**
 * The door's check-ins (docs/product-rules.md#door), synced from the device's queue. Every
 * decision is the database's, in one D1 batch for the whole queue, in its order:
 * - a check-in is `INSERT OR IGNORE`d by the device's id, from the member's row: synced twice
 *   (two devices, a retry), it is stored once;
 * - a registered guest links their visit (unique on the visit: ticked on two devices, once);
 * - a guest added at the door is registered by the guests feature's own INSERT … SELECT
 *   (guestVisitStatements: the host's allowance decided there), then linked; so the allowance
 *   counts check-ins, and two door guests racing for the host's last place make one visit;
 * - a door guest the rules refuse keeps a row with the reason: they are already inside;
 * - a door guest whose name breaks the guest-name rule (the member's form's rule) is kept with a
 *   placeholder instead of the name, never the text as typed, and flagged;
 * - a guest of a host whose tier does not open the lounge is kept as refused (the lounge rule of
 *   guestVisitStatements, and for a registered guest the same rule here).
 */

/** Written while the batch runs; replaced by the refusal's reason right after. */
const REFUSAL_PENDING = "pending";
/** How far ahead of the Worker's clock a device's check-in time may be. */
const FUTURE_SKEW_MS = 10 * 60 * 1000;
/** How old a queued check-in may be when it syncs (a device offline for a week is lost). */
const OLDEST_MS = 7 * 24 * 60 * 60 * 1000;

/** What a door guest's row holds when the name typed broke the guest-name rule. */
const REFUSED_NAME_PLACEHOLDER = "Guest (name not recorded)";

export const guestRefusalWords: Record<GuestRefusal | "not-expected" | "name-refused", string> = {
  "not-allowed": "the host may not bring guests (membership or lounge)",
  "already-registered": "already registered today",
  "day-full": "the host's guests for today are used up",
  "month-full": "the host's guest days this month are used up",
  "too-many-registrations": "too many guest registrations in a day",
  "guest-quarter-limit": "the guest has used their visits this quarter",
  "not-expected": "not on today's guest list",
  "name-refused": "the name breaks the guest-name rule (letters, spaces, hyphens and apostrophes): ask it again and tell the concierge",
};

type Services = Pick<RequestContext, "env" | "config" | "signingKey" | "logSecurityEvent">;

export async function syncDoorCheckIns(
  services: Services,
  staffId: string,
  checkIns: DoorCheckInInput[],
  now = new Date(),
): Promise<DoorSyncAnswer[]> {
  const database = getDatabase(services.env.DB);
  const memberIds = [...new Set(checkIns.map((checkIn) => checkIn.memberId))];
  const guestIds = checkIns.flatMap((checkIn) => checkIn.guests.map((guest) => guest.id));
  const cardIds = [...new Set(checkIns.flatMap((checkIn) => (checkIn.cardId ? [checkIn.cardId] : [])))];
  const [hosts, cards] = await database.batch([
    database
      .select({ id: members.id, name: members.name, tier: members.tier, status: members.status, duesStatus: members.duesStatus })
      .from(members)
      .where(inArray(members.id, memberIds)),
    database
      .select({ id: cardDevices.id, memberId: cardDevices.memberId, revokedAt: cardDevices.revokedAt })
      .from(cardDevices)
      .where(inArray(cardDevices.id, cardIds)),
  ]);
  const hostById = new Map(hosts.map((host) => [host.id, host]));
  const cardById = new Map(cards.map((card) => [card.id, card]));

  const refusedBeforeBatch = new Map<string, string>();
  /** The reason each refused guest is kept with (a door guest's is read after the batch). */
  const refusals = new Map<string, string>();
  const statements: BatchItem<"sqlite">[] = [];
  /** Where each check-in's and guest's own INSERTs sit in the batch: what they return says what happened. */
  const checkInAt = new Map<string, number>();
  const guestAt = new Map<string, { link?: number; keep: number }>();
  /** Door guests kept without their name (it broke the rule): flagged below. */
  const namesRefused = new Set<string>();
  const doorGuests: { checkIn: DoorCheckInInput; day: string; guest: { id: string; name: string } }[] = [];
  for (const checkIn of checkIns) {
    const at = Date.parse(checkIn.checkedInAt);
    const host = hostById.get(checkIn.memberId);
    if (!host) refusedBeforeBatch.set(checkIn.id, "not a member of the club");
    else if (at > now.getTime() + FUTURE_SKEW_MS || at < now.getTime() - OLDEST_MS)
      refusedBeforeBatch.set(checkIn.id, "the device's clock is wrong");
    if (!host || refusedBeforeBatch.has(checkIn.id)) continue;
    const day = portlandDay(new Date(at));
    checkInAt.set(checkIn.id, statements.length);
    statements.push(
      database
        .insert(doorCheckIns)
        .values({
          id: checkIn.id,
          memberId: checkIn.memberId,
          lounge: checkIn.lounge,
          day,
          checkedInAt: new Date(at).toISOString(),
          method: checkIn.method,
          cardId: checkIn.cardId ?? null,
          staffMemberId: staffId,
          offline: checkIn.offline,
        })
        .onConflictDoNothing()
        .returning({ id: doorCheckIns.id }),
    );
    // The guests' lounge rule (guestVisitStatements keeps it for door guests added by name).
    const loungeOpen = tierOpensLounge(host.tier, checkIn.lounge);
    for (const guest of checkIn.guests) {
      if (guest.guestVisitId !== undefined) {
        const visit = and(
          eq(guestVisits.id, guest.guestVisitId),
          eq(guestVisits.hostMemberId, checkIn.memberId),
          eq(guestVisits.day, day),
          eq(guestVisits.status, "expected"),
          loungeOpen ? undefined : sql`0`,
        );
        const name = sql`coalesce((select ${guestVisits.guestName} from ${guestVisits} where ${guestVisits.id} = ${guest.guestVisitId}), 'Registered guest')`;
        const refusal = guestRefusalWords[loungeOpen ? "not-expected" : "not-allowed"];
        refusals.set(guest.id, refusal);
        guestAt.set(guest.id, { link: statements.length, keep: statements.length + 1 });
        statements.push(...linkGuest(database, checkIn, guest.id, name, visit, refusal));
      } else if (guest.name !== undefined && !guestNameRule.safeParse(guest.name).success) {
        // Kept, as they are inside, but not as typed: the name is shown in the console and its CSV.
        namesRefused.add(guest.id);
        refusals.set(guest.id, guestRefusalWords["name-refused"]);
        guestAt.set(guest.id, { keep: statements.length });
        statements.push(
          database
            .insert(doorGuestCheckIns)
            .values({
              id: guest.id,
              checkInId: checkIn.id,
              guestName: REFUSED_NAME_PLACEHOLDER,
              guestVisitId: null,
              refusedOnSync: guestRefusalWords["name-refused"],
            })
            .onConflictDoNothing()
            .returning({ id: doorGuestCheckIns.id }),
        );
      } else if (guest.name !== undefined) {
        const registration = await guestVisitStatements(database, {
          host,
          day,
          lounge: checkIn.lounge,
          guestName: guest.name,
          guestEmail: null,
          visitsPerQuarter: guestVisitsPerQuarter,
          siteUrl: services.config.SITE_URL,
          signingKey: services.signingKey,
        });
        const visitOfGuest = and(
          eq(guestVisits.hostMemberId, host.id),
          eq(guestVisits.day, day),
          eq(guestVisits.guestKey, registration.guestKey),
          eq(guestVisits.status, "expected"),
          loungeOpen ? undefined : sql`0`,
        );
        guestAt.set(guest.id, { link: statements.length + 1, keep: statements.length + 2 });
        statements.push(
          registration.insertVisit,
          ...linkGuest(database, checkIn, guest.id, guest.name.trim(), visitOfGuest, REFUSAL_PENDING),
        );
        doorGuests.push({ checkIn, day, guest: { id: guest.id, name: guest.name } });
      }
    }
  }
  const [first, ...rest] = statements;
  const results: unknown[][] = first ? ((await database.batch([first, ...rest])) as unknown[][]) : [];
  const inserted = (index: number | undefined) => index !== undefined && (results[index]?.length ?? 0) > 0;

  // Which limit refused each door guest, told to the device and kept on the row.
  for (const { checkIn, day, guest } of doorGuests) {
    if (!inserted(guestAt.get(guest.id)?.keep)) continue;
    const host = hostById.get(checkIn.memberId)!;
    const reason =
      (await guestRefusal(services.env.DB, {
        host,
        day,
        lounge: checkIn.lounge,
        guestName: guest.name,
        guestEmail: null,
        visitsPerQuarter: guestVisitsPerQuarter,
        siteUrl: services.config.SITE_URL,
        signingKey: services.signingKey,
      })) ?? "day-full";
    refusals.set(guest.id, guestRefusalWords[reason]);
    await database
      .update(doorGuestCheckIns)
      .set({ refusedOnSync: guestRefusalWords[reason] })
      .where(and(eq(doorGuestCheckIns.id, guest.id), eq(doorGuestCheckIns.refusedOnSync, REFUSAL_PENDING)));
  }
  const existing = new Set(
    guestIds.length === 0
      ? []
      : (await database.select({ id: doorGuestCheckIns.id }).from(doorGuestCheckIns).where(inArray(doorGuestCheckIns.id, guestIds))).map(
          (row) => row.id,
        ),
  );

  const answers: DoorSyncAnswer[] = [];
  for (const checkIn of checkIns) {
    const reason = refusedBeforeBatch.get(checkIn.id);
    if (reason) {
      answers.push({ id: checkIn.id, outcome: "refused", reason, guests: [] });
      services.logSecurityEvent({
        eventType: "door_check_in_refused",
        severity: "medium",
        description: "door check-in refused on sync",
        userId: staffId,
        details: { checkInId: checkIn.id, memberId: checkIn.memberId, reason },
      });
      continue;
    }
    const guests: DoorGuestAnswer[] = checkIn.guests.map((guest) => {
      const at = guestAt.get(guest.id);
      if (inserted(at?.link)) return { id: guest.id, outcome: "stored" };
      if (inserted(at?.keep)) {
        const refusal = refusals.get(guest.id) ?? guestRefusalWords["not-expected"];
        return { id: guest.id, outcome: "refused", reason: refusal };
      }
      return { id: guest.id, outcome: existing.has(guest.id) ? "already-stored" : "already-checked-in" };
    });
    const stored = inserted(checkInAt.get(checkIn.id));
    answers.push({ id: checkIn.id, outcome: stored ? "stored" : "already-stored", guests });
    if (!stored) continue;
    // The door decided from its synced list; the club checks again now. Someone admitted whom the
    // club would have refused (the list was old, or the device was tampered with) stays on the
    // record, as they are inside, and is flagged for the concierge (docs/product-rules.md#door).
    const doubt = standingDoubt(hostById.get(checkIn.memberId)!, checkIn.cardId ? cardById.get(checkIn.cardId) : undefined, checkIn);
    if (doubt) {
      services.logSecurityEvent({
        eventType: "door_check_in_questioned",
        severity: "high",
        description: `checked in at the door, but ${doubt}`,
        userId: staffId,
        details: { checkInId: checkIn.id, memberId: checkIn.memberId, cardId: checkIn.cardId ?? null, offline: checkIn.offline },
      });
    }
    for (const guest of guests) {
      if (guest.outcome !== "refused" || !namesRefused.has(guest.id)) continue;
      // Not the name itself: it is what the rule keeps out of the club's records.
      services.logSecurityEvent({
        eventType: "door_guest_name_refused",
        severity: "high",
        description: "a guest added at the door was kept without their name: it broke the guest-name rule",
        userId: staffId,
        details: { checkInId: checkIn.id, memberId: checkIn.memberId, guestId: guest.id },
      });
    }
    const refusedGuests = guests.filter((guest) => guest.outcome === "refused");
    services.logSecurityEvent({
      eventType: "door_check_in",
      severity: refusedGuests.length > 0 ? "medium" : "low",
      description:
        refusedGuests.length > 0
          ? "member checked in at the door; a guest was refused on sync and kept on the record"
          : "member checked in at the door",
      userId: staffId,
      details: {
        checkInId: checkIn.id,
        memberId: checkIn.memberId,
        lounge: checkIn.lounge,
        method: checkIn.method,
        cardId: checkIn.cardId ?? null,
        offline: checkIn.offline,
        guests: guests.filter((guest) => guest.outcome === "stored").length,
        guestsRefusedOnSync: refusedGuests.length,
      },
    });
  }
  return answers;
}

/**
 * Two statements: link the guest to the visit `visitOfGuest` finds, or (when there is none, and it
 * is not checked in already under another row) keep the guest with `refusal`.
 */
function linkGuest(
  database: ReturnType<typeof getDatabase>,
  checkIn: DoorCheckInInput,
  id: string,
  guestName: string | ReturnType<typeof sql>,
  visitOfGuest: ReturnType<typeof and>,
  /** The reason kept on the row; REFUSAL_PENDING for a door guest, whose reason is read after. */
  refusal: string,
) {
  const link = database
    .insert(doorGuestCheckIns)
    .select(
      database
        .select(
          insertSelectRow(doorGuestCheckIns, {
            id,
            checkInId: checkIn.id,
            guestName: sql`${guestVisits.guestName}`,
            guestVisitId: sql`${guestVisits.id}`,
          }),
        )
        .from(guestVisits)
        .where(
          and(visitOfGuest, sql`not exists (select 1 from door_guest_check_ins linked where linked.guest_visit_id = guest_visits.id)`),
        ),
    )
    .onConflictDoNothing()
    .returning({ id: doorGuestCheckIns.id });
  const keep = database
    .insert(doorGuestCheckIns)
    .select(
      database
        .select(insertSelectRow(doorGuestCheckIns, { id, checkInId: checkIn.id, guestName, guestVisitId: null, refusedOnSync: refusal }))
        .from(sql`(select 1)`)
        .where(sql`not exists (select 1 from ${guestVisits} where ${visitOfGuest})`),
    )
    .onConflictDoNothing()
    .returning({ id: doorGuestCheckIns.id });
  return [link, keep] as const;
}

/** Today's occupancy per lounge (members and guests checked in) and the evening's check-ins, newest first. */
export async function doorEvening(db: D1Database, day: string): Promise<DoorEvening> {
  const database = getDatabase(db);
  const [checkIns, guests] = await database.batch([
    database
      .select({
        id: doorCheckIns.id,
        memberId: doorCheckIns.memberId,
        memberName: sql<string>`coalesce(${members.name}, 'Former member')`,
        tier: members.tier,
        lounge: doorCheckIns.lounge,
        checkedInAt: doorCheckIns.checkedInAt,
        method: doorCheckIns.method,
        offline: doorCheckIns.offline,
      })
      .from(doorCheckIns)
      .leftJoin(members, eq(members.id, doorCheckIns.memberId))
      .where(eq(doorCheckIns.day, day))
      .orderBy(desc(doorCheckIns.checkedInAt), desc(sql`${doorCheckIns}.rowid`)),
    database
      .select({ checkInId: doorGuestCheckIns.checkInId, name: doorGuestCheckIns.guestName, refusedOnSync: doorGuestCheckIns.refusedOnSync })
      .from(doorGuestCheckIns)
      .innerJoin(doorCheckIns, eq(doorCheckIns.id, doorGuestCheckIns.checkInId))
      .where(eq(doorCheckIns.day, day))
      .orderBy(doorGuestCheckIns.createdAt),
  ]);
  const guestsOf = new Map<string, typeof guests>();
  for (const guest of guests) guestsOf.set(guest.checkInId, [...(guestsOf.get(guest.checkInId) ?? []), guest]);
  const rows = checkIns.map((checkIn) => ({
    ...checkIn,
    tier: checkIn.tier ?? "kickback",
    guests: (guestsOf.get(checkIn.id) ?? []).map(({ name, refusedOnSync }) => ({ name, refusedOnSync })),
  }));
  return {
    day,
    occupancy: doorLounges.map((lounge) => {
      // A member checked in twice (a repeat at the door) is one person in the lounge.
      const here = checkIns.filter((row) => row.lounge === lounge);
      const guestCount = here.reduce((total, row) => total + (guestsOf.get(row.id)?.length ?? 0), 0);
      return { lounge, members: new Set(here.map((row) => row.memberId)).size, guests: guestCount };
    }),
    checkIns: rows.slice(0, 300),
  };
}

/** "the Kickback membership does not open the Platinum Lounge" */
function loungeNotOpened(tier: TierSlug, lounge: LoungeSlug): string {
  return `the ${tierBySlug(tier).name} membership does not open the ${loungeBySlug(lounge).name}`;
}

/** Why the club would not have admitted this check-in now, or null when it would have. */
function standingDoubt(
  host: { tier: TierSlug; status: string; duesStatus: string },
  card: { memberId: string; revokedAt: string | null } | undefined,
  checkIn: DoorCheckInInput,
): string | null {
  if (host.status === "suspended") return "the membership is suspended";
  if (host.status !== "active") return "the membership is not active yet";
  if (host.duesStatus === "lapsed") return "the dues have lapsed";
  if (!tierOpensLounge(host.tier, checkIn.lounge)) return loungeNotOpened(host.tier, checkIn.lounge);
  if (checkIn.method === "card") {
    if (!checkIn.cardId || !card) return "the card is unknown to the club";
    if (card.memberId !== checkIn.memberId) return "the card is another member's";
    if (card.revokedAt) return "the card was revoked";
  }
  return null;
}
