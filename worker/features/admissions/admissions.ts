import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { invitationRequests, memberInvitations, members, outbox } from "#db/schema.ts";
import { memberInvitationEmail } from "./member-invitation-email.ts";
import { invitationUrl, isUniqueViolation, newInvitationLink } from "./invitation-links.ts";
import { findMemberByEmail, normalizeEmail, type MemberRow } from "#worker/features/members/members.ts";
import { sealSecret } from "#worker/shared/sealed-secrets.ts";

/**
 * The concierge's decisions on executive invitation requests (docs/product-rules.md#admissions). Approving admits the
 * person: the decision, the member, their invitation link and the email carrying it are written in
 * one D1 batch (store first, deliver after), and a request is decided once only.
 */
export type InvitationRequestStatus = (typeof invitationRequests.$inferSelect)["status"];

export interface InvitationRequestFilter {
  status?: InvitationRequestStatus | null;
  /** Matched against name, email and company. */
  search?: string | null;
  limit?: number;
}

export interface InvitationRequestView {
  id: string;
  name: string;
  email: string;
  company: string;
  invitedBy: string;
  message: string;
  recaptchaScore: number;
  status: InvitationRequestStatus;
  createdAt: string;
  decidedAt: string | null;
  decisionNote: string | null;
  /** The concierge who decided, by name (null while undecided or if they were removed). */
  decidedByName: string | null;
  memberId: string | null;
}

export interface DecisionInput {
  requestId: string;
  conciergeId: string;
  /** Kept with the decision; never sent to the applicant. */
  note: string | null;
  now?: number;
}

export type ApprovalResult =
  | { ok: true; memberId: string; email: string; outboxId: number }
  | { ok: false; reason: "not-found" | "already-decided" | "member-exists" };

export type DeclineResult = { ok: true } | { ok: false; reason: "not-found" | "already-decided" };

/** Requests newest first, at most `limit` (50 by default). */
export async function listInvitationRequests(db: D1Database, filter: InvitationRequestFilter = {}): Promise<InvitationRequestView[]> {
  const decider = alias(members, "decider");
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(invitationRequests.status, filter.status));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    // Drizzle's like() has no ESCAPE clause, and the search must match %, _ and \ literally.
    const matches = (column: AnySQLiteColumn) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(or(matches(invitationRequests.name), matches(invitationRequests.email), matches(invitationRequests.company))!);
  }
  return getDatabase(db)
    .select({
      id: invitationRequests.id,
      name: invitationRequests.name,
      email: invitationRequests.email,
      company: invitationRequests.company,
      invitedBy: invitationRequests.invitedBy,
      message: invitationRequests.message,
      recaptchaScore: invitationRequests.recaptchaScore,
      status: invitationRequests.status,
      createdAt: invitationRequests.createdAt,
      decidedAt: invitationRequests.decidedAt,
      decisionNote: invitationRequests.decisionNote,
      decidedByName: decider.name,
      memberId: invitationRequests.memberId,
    })
    .from(invitationRequests)
    .leftJoin(decider, eq(decider.id, invitationRequests.decidedBy))
    .where(and(...conditions))
    .orderBy(desc(invitationRequests.createdAt), desc(invitationRequests.id))
    .limit(filter.limit ?? 50)
    .all();
}

/**
 * Approves a new request: marks it approved, creates the member ('invited', email normalised,
 * introduced by the request's "Your Connection", admitted by this concierge), a 7-day single-use
 * invitation link (only its hash stored) and the email with the link (sealed: sealed-secrets.ts), in one batch. The inserts
 * run only if this batch's own UPDATE … WHERE status = 'new' took the request (they test for the
 * new member's id, which no other batch can have written), so a request decided a moment earlier,
 * by another concierge or another tab, admits no one. A member with the email already (checked
 * first, and again by the unique index inside the batch) refuses the approval and writes nothing.
 * Delivery is the caller's next step (deliverOutboxMessage); the cron retries it if it fails.
 */
export async function approveInvitationRequest(
  db: D1Database,
  input: DecisionInput & { tier: MemberRow["tier"]; siteUrl: string; signingKey: string },
): Promise<ApprovalResult> {
  const database = getDatabase(db);
  const request = await database.select().from(invitationRequests).where(eq(invitationRequests.id, input.requestId)).get();
  if (!request) return { ok: false, reason: "not-found" };
  if (request.status !== "new") return { ok: false, reason: "already-decided" };
  const email = normalizeEmail(request.email);
  if (await findMemberByEmail(db, email)) return { ok: false, reason: "member-exists" };

  const now = input.now ?? Date.now();
  const nowIso = new Date(now).toISOString();
  const memberId = crypto.randomUUID();
  const link = await newInvitationLink(now);
  const message = memberInvitationEmail({
    name: request.name,
    tier: input.tier,
    // Sealed: the outbox row must not be a working link for whoever reads the database.
    link: await sealSecret(input.signingKey, invitationUrl(input.siteUrl, link.token)),
    expiresAt: link.expiresAt,
  });
  // Each insert selects its row from the request, found only once this batch's UPDATE approved it for this member.
  const approvedHere = and(
    eq(invitationRequests.id, request.id),
    eq(invitationRequests.memberId, memberId),
    eq(invitationRequests.status, "approved"),
  );

  let queued: { id: number } | undefined;
  try {
    const results = await database.batch([
      database
        .update(invitationRequests)
        .set({ status: "approved", decidedBy: input.conciergeId, decidedAt: nowIso, decisionNote: input.note, memberId })
        .where(and(eq(invitationRequests.id, request.id), eq(invitationRequests.status, "new"))),
      database.insert(members).select(
        database
          .select(
            insertSelectRow(members, {
              id: memberId,
              email,
              name: request.name,
              tier: input.tier,
              role: "member",
              status: "invited",
              invitedBy: request.invitedBy,
              invitationRequestId: request.id,
              admittedBy: input.conciergeId,
              createdAt: nowIso,
            }),
          )
          .from(invitationRequests)
          .where(approvedHere),
      ),
      database.insert(memberInvitations).select(
        database
          .select(insertSelectRow(memberInvitations, { tokenHash: link.tokenHash, memberId, expiresAt: link.expiresAt, createdAt: nowIso }))
          .from(invitationRequests)
          .where(approvedHere),
      ),
      // Not outboxInsert(), which writes whatever happened before it: this row too needs the approval.
      database
        .insert(outbox)
        .select(
          database
            .select(insertSelectRow(outbox, { channel: "email", recipient: email, subject: message.subject, body: message.body }))
            .from(invitationRequests)
            .where(approvedHere),
        )
        .returning({ id: outbox.id }),
    ]);
    queued = results[3][0];
  } catch (error) {
    if (isUniqueViolation(error, "members.email")) return { ok: false, reason: "member-exists" };
    throw error;
  }
  if (!queued) return { ok: false, reason: "already-decided" };
  return { ok: true, memberId, email, outboxId: queued.id };
}

/** Declines a new request with the concierge's note; no email is sent. */
export async function declineInvitationRequest(db: D1Database, input: DecisionInput): Promise<DeclineResult> {
  const [declined] = await getDatabase(db)
    .update(invitationRequests)
    .set({
      status: "declined",
      decidedBy: input.conciergeId,
      decidedAt: new Date(input.now ?? Date.now()).toISOString(),
      decisionNote: input.note,
    })
    .where(and(eq(invitationRequests.id, input.requestId), eq(invitationRequests.status, "new")))
    .returning({ id: invitationRequests.id });
  if (declined) return { ok: true };
  const exists = await getDatabase(db)
    .select({ id: invitationRequests.id })
    .from(invitationRequests)
    .where(eq(invitationRequests.id, input.requestId))
    .get();
  return { ok: false, reason: exists ? "already-decided" : "not-found" };
}
