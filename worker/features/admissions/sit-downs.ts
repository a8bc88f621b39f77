import { and, asc, eq, exists, gt, gte, isNotNull, isNull, lt, ne, notExists, sql, type SQL } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { invitationRequests, sitDownBookings, sitDownSlots } from "#db/schema.ts";
import { loungeBySlug } from "#app/features/site/site-config.ts";
import { formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { normalizeEmail } from "#worker/features/members/members.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import type { DeliveryOutcome } from "#worker/shared/outbox.ts";
import { cappedEmailRow, underEmailCap } from "#worker/shared/email-cap.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { applicationEmailInsertWhere, applicationEventInsertWhere } from "./application-events.ts";
import { sealedApplicationStatusUrl } from "./application-link.ts";
import { isUniqueViolation } from "./invitation-links.ts";
import type { AdmissionsServices } from "./tier-places.ts";
import { sitDownConfirmationEmail, sitDownInvitationEmail } from "./sit-down-emails.ts";

/**
 * Sit-downs (docs/product-rules.md#sit-downs): the concierge publishes slots per lounge and invites
 * an applicant, who books one slot on their status page, moves or cancels it. Who gets a slot is
 * decided by the database: a booking is one row per applicant (the request is its key) and one
 * applicant per slot (a unique index), so the first of many people choosing the same slot at once
 * has it and the others are told it was just taken. Every step writes its application event, and
 * any email, in the same batch, under the condition the step itself tests.
 */
export type SitDownLounge = (typeof sitDownSlots.$inferSelect)["lounge"];

/** What a sit-down step needs to write a status link into an email. */
export interface SitDownLinks {
  siteUrl: string;
  signingKey: string;
}

const MINUTE = 60_000;
/** How far ahead the applicant's page lists open slots. */
export const SIT_DOWN_HORIZON_DAYS = 60;

/** SQL: the instant a slot ends, in the same ISO form as `starts_at` (the query builder has no date arithmetic). */
const slotEnd = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${sitDownSlots.startsAt}, '+' || ${sitDownSlots.minutes} || ' minutes')`;

/** The slot in the application history's words: "Kickback Lounge, Nov 30, 2026, 6:00 PM PST (45 min)". */
const slotDetail = (slot: { lounge: SitDownLounge; startsAt: string; minutes: number }) =>
  `${loungeBySlug(slot.lounge).name}, ${formatConsoleTime(slot.startsAt)} (${slot.minutes} min)`;

export type PublishSlotResult = { ok: true; slotId: string } | { ok: false; reason: "past" | "overlaps" };

/**
 * Publishes a slot unless it starts in the past or overlaps another slot in the same lounge (the
 * lounge has one concierge for sit-downs). One INSERT … SELECT … WHERE NOT EXISTS decides, so two
 * overlapping slots published at once cannot both be stored.
 */
export async function publishSitDownSlot(
  db: D1Database,
  slot: { lounge: SitDownLounge; startsAt: string; minutes: number; conciergeId: string; now?: number },
): Promise<PublishSlotResult> {
  const now = slot.now ?? Date.now();
  if (Date.parse(slot.startsAt) <= now) return { ok: false, reason: "past" };
  const database = getDatabase(db);
  const slotId = crypto.randomUUID();
  const endsAt = new Date(Date.parse(slot.startsAt) + slot.minutes * MINUTE).toISOString();
  const overlapping = database
    .select({ id: sitDownSlots.id })
    .from(sitDownSlots)
    .where(and(eq(sitDownSlots.lounge, slot.lounge), lt(sitDownSlots.startsAt, endsAt), sql`${slotEnd} > ${slot.startsAt}`));
  const [stored] = await database
    .insert(sitDownSlots)
    .select(
      database
        .select(
          insertSelectRow(sitDownSlots, {
            id: slotId,
            lounge: slot.lounge,
            startsAt: slot.startsAt,
            minutes: slot.minutes,
            createdBy: slot.conciergeId,
            createdAt: new Date(now).toISOString(),
          }),
        )
        // The insert has no source row of its own: one row from nowhere, kept only when nothing overlaps.
        .from(sql`(select 1)`)
        .where(notExists(overlapping)),
    )
    .returning({ id: sitDownSlots.id });
  return stored ? { ok: true, slotId: stored.id } : { ok: false, reason: "overlaps" };
}

export type RemoveSlotResult = "removed" | "booked" | "not-found";

/**
 * Removes a slot nobody holds. A slot booked by an application decided since (its applicant can no
 * longer change the booking) is freed with it, in one batch: the booking is cancelled, recorded in
 * that application's history as cancelled by this concierge. An applicant still under
 * consideration keeps their booking, and so does a slot that has begun: every statement tests its
 * own condition, so a booking made a moment earlier survives.
 */
export async function removeSitDownSlot(
  db: D1Database,
  input: { slotId: string; conciergeId: string; now?: number },
): Promise<RemoveSlotResult> {
  const database = getDatabase(db);
  const nowIso = new Date(input.now ?? Date.now()).toISOString();
  const slot = await database.select().from(sitDownSlots).where(eq(sitDownSlots.id, input.slotId)).get();
  if (!slot) return "not-found";
  const booking = await database
    .select({ requestId: sitDownBookings.requestId })
    .from(sitDownBookings)
    .where(eq(sitDownBookings.slotId, slot.id))
    .get();
  const removeSlot = database
    .delete(sitDownSlots)
    .where(
      and(
        eq(sitDownSlots.id, slot.id),
        notExists(database.select({ slotId: sitDownBookings.slotId }).from(sitDownBookings).where(eq(sitDownBookings.slotId, slot.id))),
      ),
    )
    .returning({ id: sitDownSlots.id });
  if (!booking) return (await removeSlot)[0] ? "removed" : "booked";

  const decided = and(eq(invitationRequests.id, booking.requestId), ne(invitationRequests.status, "new"));
  const stillBooked = exists(
    database
      .select({ requestId: sitDownBookings.requestId })
      .from(sitDownBookings)
      .where(and(eq(sitDownBookings.requestId, booking.requestId), eq(sitDownBookings.slotId, slot.id))),
  );
  const slotAhead = exists(
    database
      .select({ id: sitDownSlots.id })
      .from(sitDownSlots)
      .where(and(eq(sitDownSlots.id, slot.id), gt(sitDownSlots.startsAt, nowIso))),
  );
  const [, , removed] = await database.batch([
    applicationEventInsertWhere(
      database,
      { requestId: booking.requestId, kind: "sit_down_cancelled", actorId: input.conciergeId, detail: slotDetail(slot), createdAt: nowIso },
      and(decided, stillBooked, slotAhead),
    ),
    database
      .delete(sitDownBookings)
      .where(
        and(
          eq(sitDownBookings.requestId, booking.requestId),
          eq(sitDownBookings.slotId, slot.id),
          exists(database.select({ id: invitationRequests.id }).from(invitationRequests).where(decided)),
          slotAhead,
        ),
      ),
    removeSlot,
  ]);
  return removed[0] ? "removed" : "booked";
}

export interface ConciergeSitDownSlot {
  id: string;
  lounge: SitDownLounge;
  startsAt: string;
  minutes: number;
  /** The applicant who booked it, or null while it is open. */
  booking: { requestId: string; name: string; email: string; status: (typeof invitationRequests.$inferSelect)["status"] } | null;
}

/** The slots starting from `fromIso` on, soonest first, with who booked each (at most `limit`). */
export async function listSitDownSlots(db: D1Database, fromIso: string, limit = 300): Promise<ConciergeSitDownSlot[]> {
  const rows = await getDatabase(db)
    .select({
      id: sitDownSlots.id,
      lounge: sitDownSlots.lounge,
      startsAt: sitDownSlots.startsAt,
      minutes: sitDownSlots.minutes,
      requestId: invitationRequests.id,
      name: invitationRequests.name,
      email: invitationRequests.email,
      status: invitationRequests.status,
    })
    .from(sitDownSlots)
    .leftJoin(sitDownBookings, eq(sitDownBookings.slotId, sitDownSlots.id))
    .leftJoin(invitationRequests, eq(invitationRequests.id, sitDownBookings.requestId))
    .where(gte(sitDownSlots.startsAt, fromIso))
    .orderBy(asc(sitDownSlots.startsAt), asc(sitDownSlots.lounge))
    .limit(limit)
    .all();
  return rows.map(({ requestId, name, email, status, ...slot }) => ({
    ...slot,
    booking: requestId && name !== null && email !== null && status !== null ? { requestId, name, email, status } : null,
  }));
}

export type SitDownInviteResult =
  { ok: true; outboxId: number; email: string } | { ok: false; reason: "not-found" | "already-decided" | "already-invited" };

/**
 * The concierge invites a new request's applicant to book a sit-down: sit_down_invited_at is set
 * once, with its event and the email carrying the applicant's sealed status link, in one batch.
 * The event and the email come first, under the same condition as the UPDATE (nothing they write
 * changes it), so a second invitation, even in the same millisecond, writes nothing.
 */
export async function inviteToSitDown(
  db: D1Database,
  input: SitDownLinks & { requestId: string; conciergeId: string; now?: number },
): Promise<SitDownInviteResult> {
  const database = getDatabase(db);
  const request = await database.select().from(invitationRequests).where(eq(invitationRequests.id, input.requestId)).get();
  if (!request) return { ok: false, reason: "not-found" };
  if (request.status !== "new") return { ok: false, reason: "already-decided" };
  if (request.sitDownInvitedAt) return { ok: false, reason: "already-invited" };

  const nowIso = new Date(input.now ?? Date.now()).toISOString();
  const email = normalizeEmail(request.email);
  const link = await sealedApplicationStatusUrl(input.siteUrl, input.signingKey, request.id);
  const message = sitDownInvitationEmail({ name: request.name, link });
  const invitable = and(
    eq(invitationRequests.id, request.id),
    eq(invitationRequests.status, "new"),
    isNull(invitationRequests.sitDownInvitedAt),
  );
  const [, queued, invited] = await database.batch([
    applicationEventInsertWhere(
      database,
      { requestId: request.id, kind: "sit_down_invited", actorId: input.conciergeId, createdAt: nowIso },
      invitable,
    ),
    applicationEmailInsertWhere(database, { recipient: email, subject: message.subject, body: message.body }, invitable),
    database.update(invitationRequests).set({ sitDownInvitedAt: nowIso }).where(invitable).returning({ id: invitationRequests.id }),
  ]);
  if (!invited[0] || !queued[0]) {
    const current = await database.select().from(invitationRequests).where(eq(invitationRequests.id, request.id)).get();
    return { ok: false, reason: current?.status === "new" ? "already-invited" : "already-decided" };
  }
  return { ok: true, outboxId: queued[0].id, email };
}

/** SQL condition on invitation_requests: this request may book, move or cancel a sit-down (new, and invited). */
function mayBook(requestId: string): SQL {
  return and(eq(invitationRequests.id, requestId), eq(invitationRequests.status, "new"), isNotNull(invitationRequests.sitDownInvitedAt))!;
}

export interface BookedSitDown {
  slotId: string;
  lounge: SitDownLounge;
  startsAt: string;
  minutes: number;
  bookedAt: string;
}

/** The slot a request has booked, or null. */
export async function bookedSitDown(db: D1Database, requestId: string): Promise<BookedSitDown | null> {
  const row = await getDatabase(db)
    .select({
      slotId: sitDownSlots.id,
      lounge: sitDownSlots.lounge,
      startsAt: sitDownSlots.startsAt,
      minutes: sitDownSlots.minutes,
      bookedAt: sitDownBookings.bookedAt,
    })
    .from(sitDownBookings)
    .innerJoin(sitDownSlots, eq(sitDownSlots.id, sitDownBookings.slotId))
    .where(eq(sitDownBookings.requestId, requestId))
    .get();
  return row ?? null;
}

/** What the applicant's status page offers: their booking, and the open slots they may book instead. */
export interface SitDownChoices {
  booked: BookedSitDown | null;
  /** Slots that start after now, within the horizon, that nobody else has booked; soonest first. */
  open: Array<{ id: string; lounge: SitDownLounge; startsAt: string; minutes: number }>;
}

/** The sit-down choices of a request that may book (new and invited), else null: the page shows no sit-down then. */
export async function sitDownChoices(db: D1Database, requestId: string, now: number = Date.now()): Promise<SitDownChoices | null> {
  const database = getDatabase(db);
  const request = await database.select({ id: invitationRequests.id }).from(invitationRequests).where(mayBook(requestId)).get();
  if (!request) return null;
  const nowIso = new Date(now).toISOString();
  const horizon = new Date(now + SIT_DOWN_HORIZON_DAYS * 24 * 60 * MINUTE).toISOString();
  const [booked, open] = await Promise.all([
    bookedSitDown(db, requestId),
    database
      .select({ id: sitDownSlots.id, lounge: sitDownSlots.lounge, startsAt: sitDownSlots.startsAt, minutes: sitDownSlots.minutes })
      .from(sitDownSlots)
      .leftJoin(sitDownBookings, eq(sitDownBookings.slotId, sitDownSlots.id))
      .where(and(gt(sitDownSlots.startsAt, nowIso), lt(sitDownSlots.startsAt, horizon), isNull(sitDownBookings.slotId)))
      .orderBy(asc(sitDownSlots.startsAt), asc(sitDownSlots.lounge))
      .limit(200)
      .all(),
  ]);
  return { booked, open };
}

export type BookSitDownResult =
  | {
      ok: true;
      outboxId: number | null;
      /** Booked, but the confirmation was not queued: the address had its day's capped emails (worker/shared/email-cap.ts). */
      emailCapped: boolean;
      email: string;
      slot: BookedSitDown;
    }
  | { ok: false; reason: "closed" | "gone" | "taken" };

/**
 * Books `slotId` for the request, or moves its booking there: one upsert on the request's key, so
 * an applicant never holds two slots, and the slot's unique index refuses it when someone else has
 * it (the whole batch then rolls back: no event, no email). Only a request that may book, and only
 * a slot that has not begun. The event and the confirmation email come first in the batch, under
 * the same condition plus "not already booked on this slot", so choosing one's own slot again
 * writes nothing.
 */
export async function bookSitDown(
  db: D1Database,
  input: SitDownLinks & { requestId: string; slotId: string; now?: number },
): Promise<BookSitDownResult> {
  const database = getDatabase(db);
  const now = input.now ?? Date.now();
  const nowIso = new Date(now).toISOString();
  const request = await database.select().from(invitationRequests).where(mayBook(input.requestId)).get();
  if (!request) return { ok: false, reason: "closed" };
  const slot = await database.select().from(sitDownSlots).where(eq(sitDownSlots.id, input.slotId)).get();
  if (!slot || slot.startsAt <= nowIso) return { ok: false, reason: "gone" };

  const email = normalizeEmail(request.email);
  const link = await sealedApplicationStatusUrl(input.siteUrl, input.signingKey, request.id);
  const message = sitDownConfirmationEmail({
    name: request.name,
    lounge: slot.lounge,
    startsAt: slot.startsAt,
    minutes: slot.minutes,
    link,
  });
  const bookable = and(
    mayBook(request.id),
    exists(
      database
        .select({ id: sitDownSlots.id })
        .from(sitDownSlots)
        .where(and(eq(sitDownSlots.id, slot.id), gt(sitDownSlots.startsAt, nowIso))),
    ),
  );
  const newChoice = and(
    bookable,
    notExists(
      database
        .select({ slotId: sitDownBookings.slotId })
        .from(sitDownBookings)
        .where(and(eq(sitDownBookings.requestId, request.id), eq(sitDownBookings.slotId, slot.id))),
    ),
  );
  try {
    const [, queued, booked] = await database.batch([
      applicationEventInsertWhere(
        database,
        { requestId: request.id, kind: "sit_down_booked", detail: slotDetail(slot), createdAt: nowIso },
        newChoice,
      ),
      // A confirmation is an email the applicant causes: at most the day's cap to one address (20 moves queued 22 before).
      applicationEmailInsertWhere(
        database,
        cappedEmailRow({ recipient: email, subject: message.subject, body: message.body }, now),
        and(newChoice, underEmailCap(database, email, now)),
      ),
      database
        .insert(sitDownBookings)
        .select(
          database
            .select(insertSelectRow(sitDownBookings, { requestId: request.id, slotId: slot.id, bookedAt: nowIso }))
            .from(invitationRequests)
            .where(bookable),
        )
        // A request that holds another slot moves to this one; its old slot is free again. `excluded`
        // is the row this statement tried to insert (SQLite's upsert), which the builder cannot name.
        .onConflictDoUpdate({
          target: sitDownBookings.requestId,
          set: { slotId: sql`excluded.slot_id`, bookedAt: sql`excluded.booked_at` },
          setWhere: sql`${sitDownBookings.slotId} != excluded.slot_id`,
        })
        .returning({ slotId: sitDownBookings.slotId }),
    ]);
    if (!booked[0]) {
      const current = await bookedSitDown(db, request.id);
      // Already this request's slot (the upsert had nothing to change), or the request or slot changed since the read.
      if (current?.slotId === slot.id) return { ok: true, outboxId: null, emailCapped: false, email, slot: current };
      return { ok: false, reason: (await database.select().from(invitationRequests).where(mayBook(request.id)).get()) ? "gone" : "closed" };
    }
    return {
      ok: true,
      outboxId: queued[0]?.id ?? null,
      // The booking changed, so the step happened: only the cap can have held its email back.
      emailCapped: !queued[0],
      email,
      slot: { slotId: slot.id, lounge: slot.lounge, startsAt: slot.startsAt, minutes: slot.minutes, bookedAt: nowIso },
    };
  } catch (error) {
    if (isUniqueViolation(error, "sit_down_bookings.slot_id")) return { ok: false, reason: "taken" };
    throw error;
  }
}

export type CancelSitDownResult = { ok: true } | { ok: false; reason: "closed" | "not-booked" | "started" };

/**
 * Cancels the request's booking while the request may book and the slot has not begun; the slot is
 * open again at once. Its event comes first in the batch, under the DELETE's own condition.
 */
export async function cancelSitDown(db: D1Database, input: { requestId: string; now?: number }): Promise<CancelSitDownResult> {
  const database = getDatabase(db);
  const nowIso = new Date(input.now ?? Date.now()).toISOString();
  const booking = await bookedSitDown(db, input.requestId);
  if (!booking) return { ok: false, reason: "not-booked" };
  if (booking.startsAt <= nowIso) return { ok: false, reason: "started" };
  const slotAhead = exists(
    database
      .select({ id: sitDownSlots.id })
      .from(sitDownSlots)
      .where(and(eq(sitDownSlots.id, booking.slotId), gt(sitDownSlots.startsAt, nowIso))),
  );
  const stillBooked = exists(
    database
      .select({ requestId: sitDownBookings.requestId })
      .from(sitDownBookings)
      .where(and(eq(sitDownBookings.requestId, input.requestId), eq(sitDownBookings.slotId, booking.slotId))),
  );
  const requestMayBook = exists(database.select({ id: invitationRequests.id }).from(invitationRequests).where(mayBook(input.requestId)));
  const [, cancelled] = await database.batch([
    applicationEventInsertWhere(
      database,
      { requestId: input.requestId, kind: "sit_down_cancelled", detail: slotDetail(booking), createdAt: nowIso },
      and(mayBook(input.requestId), stillBooked, slotAhead),
    ),
    database
      .delete(sitDownBookings)
      .where(and(eq(sitDownBookings.requestId, input.requestId), eq(sitDownBookings.slotId, booking.slotId), requestMayBook, slotAhead))
      .returning({ requestId: sitDownBookings.requestId }),
  ]);
  if (cancelled[0]) return { ok: true };
  const current = await bookedSitDown(db, input.requestId);
  if (!current) return { ok: false, reason: "not-booked" };
  return { ok: false, reason: current.startsAt <= nowIso ? "started" : "closed" };
}

export type SitDownInviteOutcome =
  { ok: true; email: string; delivery: DeliveryOutcome } | { ok: false; reason: Extract<SitDownInviteResult, { ok: false }>["reason"] };

/**
 * The console card's 'Invite to a Sit-Down': stored, audited, and the email delivered at once (a
 * failure stays in the outbox for the cron and the console's 'Retry now').
 */
export async function inviteApplicantToSitDown(
  context: RequestContext,
  conciergeId: string,
  requestId: string,
): Promise<SitDownInviteOutcome> {
  const invited = await inviteToSitDown(context.env.DB, {
    requestId,
    conciergeId,
    siteUrl: context.config.SITE_URL,
    signingKey: context.signingKey,
  });
  if (!invited.ok) return invited;
  context.logSecurityEvent({
    eventType: "admissions_sit_down",
    severity: "low",
    description: "applicant invited to book a sit-down",
    userId: conciergeId,
    details: { requestId },
  });
  return { ok: true, email: invited.email, delivery: await deliverEmail(context, invited.outboxId) };
}

/** The applicant's booking from their status page, its confirmation email delivered at once. */
export async function bookApplicantSitDown(services: AdmissionsServices, requestId: string, slotId: string): Promise<BookSitDownResult> {
  const booked = await bookSitDown(services.env.DB, {
    requestId,
    slotId,
    siteUrl: services.config.SITE_URL,
    signingKey: services.signingKey,
  });
  if (booked.ok && booked.outboxId !== null) await deliverEmail(services, booked.outboxId);
  return booked;
}
