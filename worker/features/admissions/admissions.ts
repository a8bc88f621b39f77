import { and, asc, desc, eq, ne, not, notInArray, or, sql, type Column, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDatabase } from "#db/client.ts";
import { containsText } from "#db/text-match.ts";
import { applicationEvents, invitationRequests, members, sitDownBookings, sitDownSlots } from "#db/schema.ts";
import { findMemberByEmail, normalizeEmail } from "#worker/features/members/members.ts";
import { applicationEmailInsertWhere, applicationEventInsertWhere } from "./application-events.ts";
import { sealedApplicationStatusUrl } from "./application-link.ts";
import { declineEmail, waitlistEmail } from "./decision-emails.ts";
import {
  type AdmissionsServices,
  composeOfferEmail,
  nobodyWaitingFor,
  offerExpiry,
  tierCap,
  tierHasRoom,
  type Tier,
} from "./tier-places.ts";

/**
 * The concierge's decisions on applications and the console's pipeline
 * (docs/product-rules.md#decisions-capacity-and-waitlist). Approving into a tier offers a place, or
 * puts the applicant on the tier's waitlist when it is full, decided by one SQL statement; no member
 * exists until the offer is paid (worker/features/dues/offer-activation.ts). Declining sends a
 * courteous email. Each decision, its email and its event are one D1 batch, and a request is decided
 * once only.
 */
export type InvitationRequestStatus = (typeof invitationRequests.$inferSelect)["status"];

/**
 * Where an application stands in the console's pipeline: its status, except that a new request
 * with a booked sit-down is 'sit-down'. The filter 'decided' takes every decided one.
 */
export type PipelineStage = "new" | "sit-down" | "offered" | "waitlisted" | "paid" | "expired" | "declined" | "approved";

export interface InvitationRequestFilter {
  stage?: PipelineStage | "decided" | null;
  /** Matched against name, email and company. */
  search?: string | null;
  limit?: number;
}

/** One step of the application's history, with who acted (null: the applicant or the club's own timers). */
export interface ApplicationStep {
  kind: (typeof applicationEvents.$inferSelect)["kind"];
  actorName: string | null;
  detail: string | null;
  createdAt: string;
}

/** A later submission from the same email, joined to this application. */
export interface JoinedSubmission {
  id: string;
  name: string;
  message: string;
  createdAt: string;
}

export interface InvitationRequestView {
  id: string;
  name: string;
  email: string;
  company: string;
  invitedBy: string;
  message: string;
  recaptchaScore: number;
  checkedBy: "captcha" | "sms" | "none";
  verifiedPhone: string | null;
  status: InvitationRequestStatus;
  stage: PipelineStage;
  createdAt: string;
  decidedAt: string | null;
  decisionNote: string | null;
  /** The concierge who decided, by name (null while undecided or if they were removed). */
  decidedByName: string | null;
  memberId: string | null;
  tier: Tier | null;
  sitDownInvitedAt: string | null;
  /** The booked sit-down, if any. */
  sitDownAt: string | null;
  sitDownLounge: Tier | null;
  waitlistedAt: string | null;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  paidAt: string | null;
  sponsorMemberId: string | null;
  sponsorName: string | null;
  sponsorAnswer: "yes" | "no" | "unknown" | null;
  sponsorAnsweredAt: string | null;
  history: ApplicationStep[];
  joined: JoinedSubmission[];
}

export interface DecisionInput {
  requestId: string;
  conciergeId: string;
  /** Kept with the decision; never sent to the applicant. */
  note: string | null;
  now?: number;
}

export type ApprovalResult =
  | { ok: true; decision: "offered" | "waitlisted"; email: string; outboxId: number }
  | { ok: false; reason: "not-found" | "already-decided" | "member-exists" | "open-application" };

export type DeclineResult = { ok: true; email: string; outboxId: number } | { ok: false; reason: "not-found" | "already-decided" };

const bookedSitDown = sql`exists (select 1 from sit_down_bookings b where b.request_id = ${invitationRequests.id})`;

function stageCondition(stage: NonNullable<InvitationRequestFilter["stage"]>): SQL | undefined {
  switch (stage) {
    case "new":
      return and(eq(invitationRequests.status, "new"), not(bookedSitDown));
    case "sit-down":
      return and(eq(invitationRequests.status, "new"), bookedSitDown);
    case "decided":
      return notInArray(invitationRequests.status, ["new", "joined"]);
    default:
      return eq(invitationRequests.status, stage);
  }
}

/**
 * Applications newest first, at most `limit` (50 by default), each with its history and the
 * submissions joined to it (which are not listed on their own).
 */
export async function listInvitationRequests(db: D1Database, filter: InvitationRequestFilter = {}): Promise<InvitationRequestView[]> {
  const database = getDatabase(db);
  const decider = alias(members, "decider");
  const sponsor = alias(members, "sponsor");
  const conditions: SQL[] = [ne(invitationRequests.status, "joined")];
  if (filter.stage) conditions.push(stageCondition(filter.stage)!);
  const search = filter.search?.trim();
  if (search) {
    conditions.push(
      or(
        containsText(invitationRequests.name, search),
        containsText(invitationRequests.email, search),
        containsText(invitationRequests.company, search),
      )!,
    );
  }
  const rows = await database
    .select({
      id: invitationRequests.id,
      name: invitationRequests.name,
      email: invitationRequests.email,
      company: invitationRequests.company,
      invitedBy: invitationRequests.invitedBy,
      message: invitationRequests.message,
      recaptchaScore: invitationRequests.recaptchaScore,
      checkedBy: invitationRequests.checkedBy,
      verifiedPhone: invitationRequests.verifiedPhone,
      status: invitationRequests.status,
      createdAt: invitationRequests.createdAt,
      decidedAt: invitationRequests.decidedAt,
      decisionNote: invitationRequests.decisionNote,
      decidedByName: decider.name,
      memberId: invitationRequests.memberId,
      tier: invitationRequests.tier,
      sitDownInvitedAt: invitationRequests.sitDownInvitedAt,
      sitDownAt: sitDownSlots.startsAt,
      sitDownLounge: sitDownSlots.lounge,
      waitlistedAt: invitationRequests.waitlistedAt,
      offeredAt: invitationRequests.offeredAt,
      offerExpiresAt: invitationRequests.offerExpiresAt,
      paidAt: invitationRequests.paidAt,
      sponsorMemberId: invitationRequests.sponsorMemberId,
      sponsorName: sponsor.name,
      sponsorAnswer: invitationRequests.sponsorAnswer,
      sponsorAnsweredAt: invitationRequests.sponsorAnsweredAt,
    })
    .from(invitationRequests)
    .leftJoin(decider, eq(decider.id, invitationRequests.decidedBy))
    .leftJoin(sponsor, eq(sponsor.id, invitationRequests.sponsorMemberId))
    .leftJoin(sitDownBookings, eq(sitDownBookings.requestId, invitationRequests.id))
    .leftJoin(sitDownSlots, eq(sitDownSlots.id, sitDownBookings.slotId))
    .where(and(...conditions))
    .orderBy(desc(invitationRequests.createdAt), desc(invitationRequests.id))
    .limit(filter.limit ?? 50)
    .all();
  if (rows.length === 0) return [];

  const actor = alias(members, "actor");
  // D1 binds at most 100 parameters per statement, and a Worker may make only so many queries per
  // request: the ids are bound once, as one JSON array, and each read is a single query.
  const ids = JSON.stringify(rows.map((row) => row.id));
  const listed = (column: Column) => sql`${column} in (select value from json_each(${ids}))`;
  const [steps, submissions] = await Promise.all([
    database
      .select({
        requestId: applicationEvents.requestId,
        kind: applicationEvents.kind,
        actorName: actor.name,
        detail: applicationEvents.detail,
        createdAt: applicationEvents.createdAt,
      })
      .from(applicationEvents)
      .leftJoin(actor, eq(actor.id, applicationEvents.actorId))
      .where(listed(applicationEvents.requestId))
      .orderBy(asc(applicationEvents.id))
      .all(),
    database
      .select({
        requestId: invitationRequests.joinedTo,
        id: invitationRequests.id,
        name: invitationRequests.name,
        message: invitationRequests.message,
        createdAt: invitationRequests.createdAt,
      })
      .from(invitationRequests)
      .where(and(eq(invitationRequests.status, "joined"), listed(invitationRequests.joinedTo)))
      .orderBy(asc(invitationRequests.createdAt), asc(invitationRequests.id))
      .all(),
  ]);
  const history = groupByRequest(steps);
  const joined = groupByRequest(submissions);
  return rows.map((row) => ({
    ...row,
    stage: row.status === "new" && row.sitDownAt ? "sit-down" : (row.status as PipelineStage),
    history: history.get(row.id) ?? [],
    joined: joined.get(row.id) ?? [],
  }));
}

/** Rows by the request they belong to, each list in the order given, without the key. */
function groupByRequest<Row extends { requestId: string | null }>(rows: Row[]): Map<string, Array<Omit<Row, "requestId">>> {
  const groups = new Map<string, Array<Omit<Row, "requestId">>>();
  for (const { requestId, ...rest } of rows) {
    if (requestId === null) continue;
    const group = groups.get(requestId) ?? [];
    group.push(rest);
    groups.set(requestId, group);
  }
  return groups;
}

/**
 * Approves a new request into `tier`. ONE statement decides: the request becomes 'offered' (for
 * 7 days) when the tier has a free place and nobody waits on its waitlist, else 'waitlisted'
 * (tier-places.ts counts the places). The offer email or the waitlist email, and the event, are
 * written in the same batch under the same conditions, before the UPDATE (nothing they write
 * changes them), so a request decided a moment earlier, by another concierge or another tab, gets
 * nothing. A member with the email already refuses the approval and writes nothing. Delivery is
 * the caller's next step (deliverOutboxMessage); the cron retries it if it fails.
 */
export async function approveInvitationRequest(
  services: AdmissionsServices,
  input: DecisionInput & { tier: Tier },
): Promise<ApprovalResult> {
  const db = services.env.DB;
  const database = getDatabase(db);
  const request = await database.select().from(invitationRequests).where(eq(invitationRequests.id, input.requestId)).get();
  if (!request) return { ok: false, reason: "not-found" };
  if (request.status !== "new") return { ok: false, reason: "already-decided" };
  const email = normalizeEmail(request.email);
  if (await findMemberByEmail(db, email)) return { ok: false, reason: "member-exists" };
  // One open application per person (docs/product-rules.md#decisions-capacity-and-waitlist): the
  // read gives the concierge the reason; the same condition guards the batch against a race.
  const anotherOpen = sql`exists (select 1 from invitation_requests other where other.email_key = ${email} and other.id <> ${request.id} and other.status in ('offered', 'waitlisted'))`;
  const isAnotherOpen = async () =>
    (await database
      .select({ id: invitationRequests.id })
      .from(invitationRequests)
      .where(and(eq(invitationRequests.id, request.id), anotherOpen))
      .get()) !== undefined;
  if (await isAnotherOpen()) return { ok: false, reason: "open-application" };

  const now = input.now ?? Date.now();
  const nowIso = new Date(now).toISOString();
  const expiresAt = offerExpiry(now);
  const offer = await composeOfferEmail(services, { id: request.id, name: request.name, tier: input.tier, expiresAt, fromWaitlist: false });
  const waiting = waitlistEmail({
    name: request.name,
    tier: input.tier,
    link: await sealedApplicationStatusUrl(services.config.SITE_URL, services.signingKey, request.id),
  });
  const undecided = and(eq(invitationRequests.id, request.id), eq(invitationRequests.status, "new"), not(anotherOpen));
  const room = and(tierHasRoom(input.tier, tierCap(services.config, input.tier)), nobodyWaitingFor(input.tier))!;
  const queueEmail = (message: { subject: string; body: string }, when: SQL) =>
    applicationEmailInsertWhere(database, { recipient: email, subject: message.subject, body: message.body }, and(undecided, when));
  const event = (kind: "offered" | "waitlisted", when: SQL) =>
    applicationEventInsertWhere(
      database,
      { requestId: request.id, kind, actorId: input.conciergeId, detail: input.tier, createdAt: nowIso },
      and(undecided, when),
    );

  const [offerQueued, waitlistQueued, , , [decided]] = await database.batch([
    queueEmail(offer, room),
    queueEmail(waiting, not(room)),
    event("offered", room),
    event("waitlisted", not(room)),
    database
      .update(invitationRequests)
      .set({
        status: sql`case when ${room} then 'offered' else 'waitlisted' end`,
        tier: input.tier,
        decidedBy: input.conciergeId,
        decidedAt: nowIso,
        decisionNote: input.note,
        offeredAt: sql`case when ${room} then ${nowIso} end`,
        offerExpiresAt: sql`case when ${room} then ${expiresAt} end`,
        waitlistedAt: sql`case when ${room} then null else ${nowIso} end`,
      })
      .where(undecided)
      .returning({ status: invitationRequests.status }),
  ]);
  const queued = offerQueued[0] ?? waitlistQueued[0];
  if (!decided || !queued) return { ok: false, reason: (await isAnotherOpen()) ? "open-application" : "already-decided" };
  return { ok: true, decision: decided.status === "offered" ? "offered" : "waitlisted", email, outboxId: queued.id };
}

/**
 * Declines a new request: the decision with the concierge's internal note, a courteous email to
 * the applicant (with `applicantNote`, when given) and the event, in one batch guarded like an
 * approval.
 */
export async function declineInvitationRequest(
  db: D1Database,
  input: DecisionInput & { applicantNote?: string | null },
): Promise<DeclineResult> {
  const database = getDatabase(db);
  const request = await database.select().from(invitationRequests).where(eq(invitationRequests.id, input.requestId)).get();
  if (!request) return { ok: false, reason: "not-found" };
  if (request.status !== "new") return { ok: false, reason: "already-decided" };
  const nowIso = new Date(input.now ?? Date.now()).toISOString();
  const email = normalizeEmail(request.email);
  const message = declineEmail({ name: request.name, note: input.applicantNote ?? null });
  const undecided = and(eq(invitationRequests.id, request.id), eq(invitationRequests.status, "new"));
  const [queued, , [declined]] = await database.batch([
    applicationEmailInsertWhere(database, { recipient: email, subject: message.subject, body: message.body }, undecided),
    applicationEventInsertWhere(
      database,
      { requestId: request.id, kind: "declined", actorId: input.conciergeId, createdAt: nowIso },
      undecided,
    ),
    database
      .update(invitationRequests)
      .set({ status: "declined", decidedBy: input.conciergeId, decidedAt: nowIso, decisionNote: input.note })
      .where(undecided)
      .returning({ id: invitationRequests.id }),
  ]);
  if (!declined || !queued[0]) return { ok: false, reason: "already-decided" };
  return { ok: true, email, outboxId: queued[0].id };
}
