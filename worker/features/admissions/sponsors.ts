import { and, desc, eq, exists, or, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { containsText } from "#db/text-match.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { applicationEvents, invitationRequests, members } from "#db/schema.ts";
import { club, healthWarning } from "#app/features/site/site-config.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import type { DeliveryOutcome } from "#worker/shared/outbox.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { applicationEmailInsertWhere } from "./application-events.ts";

/**
 * Sponsors (docs/product-rules.md#the-applicants-journey): the concierge links an application to
 * the member it names as "Your Connection"; that member is asked, by email and in the members area,
 * to vouch for the applicant: yes, no, or "I don't know them". One answer is kept per application;
 * the member may change it until the concierge decides.
 */
export type SponsorAnswer = NonNullable<(typeof invitationRequests.$inferSelect)["sponsorAnswer"]>;
export const sponsorAnswers = ["yes", "no", "unknown"] as const satisfies readonly SponsorAnswer[];

export interface SponsorCandidate {
  id: string;
  name: string;
  email: string;
}

/** At most this many members answer a search on the console card. */
const CANDIDATE_LIMIT = 8;

/** Active members whose name or email holds `query` (% and _ match themselves), by name. */
export async function searchSponsorCandidates(db: D1Database, query: string): Promise<SponsorCandidate[]> {
  const text = query.trim();
  return getDatabase(db)
    .select({ id: members.id, name: members.name, email: members.email })
    .from(members)
    .where(and(eq(members.status, "active"), or(containsText(members.name, text), containsText(members.email, text))))
    .orderBy(members.name, members.id)
    .limit(CANDIDATE_LIMIT)
    .all();
}

export type LinkSponsorResult =
  | { ok: true; sponsorName: string; outboxId: number }
  | { ok: false; reason: "not-found" | "already-decided" | "no-such-member" | "already-linked" };

/**
 * Links the application to a sponsor, forgetting any earlier sponsor's answer, and asks the member
 * by email, with the 'sponsor_linked' event: one D1 batch. The event and the email are inserted
 * first, under the same condition as the UPDATE that follows them (the application still new, the
 * member still active, and not already its sponsor), so all three happen or none does: nothing
 * else runs between a batch's statements.
 */
export async function linkSponsor(
  db: D1Database,
  input: { requestId: string; sponsorId: string; conciergeId: string; siteUrl: string; now?: number },
): Promise<LinkSponsorResult> {
  const database = getDatabase(db);
  const [application, sponsor] = await Promise.all([
    database
      .select({ name: invitationRequests.name, company: invitationRequests.company, status: invitationRequests.status })
      .from(invitationRequests)
      .where(eq(invitationRequests.id, input.requestId))
      .get(),
    database
      .select({ name: members.name, email: members.email })
      .from(members)
      .where(and(eq(members.id, input.sponsorId), eq(members.status, "active")))
      .get(),
  ]);
  if (!application || application.status === "joined") return { ok: false, reason: "not-found" };
  if (application.status !== "new") return { ok: false, reason: "already-decided" };
  if (!sponsor) return { ok: false, reason: "no-such-member" };

  const nowIso = new Date(input.now ?? Date.now()).toISOString();
  const message = sponsorRequestEmail({ ...application, sponsorName: sponsor.name, siteUrl: input.siteUrl });
  const linkable = and(
    eq(invitationRequests.id, input.requestId),
    eq(invitationRequests.status, "new"),
    sql`${invitationRequests.sponsorMemberId} IS NOT ${input.sponsorId}`,
    exists(
      database
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.id, input.sponsorId), eq(members.status, "active"))),
    ),
  );

  const [, queued] = await database.batch([
    database.insert(applicationEvents).select(
      database
        .select(
          insertSelectRow(applicationEvents, {
            requestId: input.requestId,
            kind: "sponsor_linked",
            actorId: input.conciergeId,
            detail: sponsor.name,
            createdAt: nowIso,
          }),
        )
        .from(invitationRequests)
        .where(linkable),
    ),
    applicationEmailInsertWhere(database, { recipient: sponsor.email, subject: message.subject, body: message.body }, linkable),
    database
      .update(invitationRequests)
      .set({ sponsorMemberId: input.sponsorId, sponsorAnswer: null, sponsorAnsweredAt: null })
      .where(linkable),
  ]);
  const outboxId = queued[0]?.id;
  if (outboxId !== undefined) return { ok: true, sponsorName: sponsor.name, outboxId };
  // The batch changed nothing: the member is already the sponsor, or a moment ago the application was decided.
  const now = await database
    .select({ status: invitationRequests.status, sponsorMemberId: invitationRequests.sponsorMemberId })
    .from(invitationRequests)
    .where(eq(invitationRequests.id, input.requestId))
    .get();
  if (!now) return { ok: false, reason: "not-found" };
  if (now.status !== "new") return { ok: false, reason: "already-decided" };
  return { ok: false, reason: now.sponsorMemberId === input.sponsorId ? "already-linked" : "no-such-member" };
}

/**
 * The console's 'Link Sponsor': the link, audited, and the member's email delivered at once (a
 * failure stays in the outbox for the cron).
 */
export async function recordSponsorLink(
  { env, config, signingKey, logSecurityEvent: log }: RequestContext,
  conciergeId: string,
  input: { requestId: string; sponsorId: string },
): Promise<(LinkSponsorResult & { ok: false }) | { ok: true; sponsorName: string; delivery: DeliveryOutcome }> {
  const linked = await linkSponsor(env.DB, { ...input, conciergeId, siteUrl: config.SITE_URL });
  if (!linked.ok) return linked;
  log({
    eventType: "admissions_sponsor_linked",
    severity: "low",
    description: "sponsor linked to an application; the member was asked to vouch",
    userId: conciergeId,
    details: { requestId: input.requestId, sponsorId: input.sponsorId },
  });
  const delivery = await deliverEmail({ env, config, signingKey }, linked.outboxId);
  return { ok: true, sponsorName: linked.sponsorName, delivery };
}

export type AnswerSponsorshipResult = { ok: true } | { ok: false; reason: "not-open" };

/**
 * The sponsor's answer: stored on the application (replacing their earlier one) with its
 * 'sponsor_answered' event, while the application is new and names this member. The event is
 * inserted first under the UPDATE's own condition (an answer that changes nothing records
 * nothing), so both happen or neither does.
 */
export async function answerSponsorship(
  db: D1Database,
  input: { requestId: string; memberId: string; answer: SponsorAnswer; now?: number },
): Promise<AnswerSponsorshipResult> {
  const database = getDatabase(db);
  const nowIso = new Date(input.now ?? Date.now()).toISOString();
  const open = and(
    eq(invitationRequests.id, input.requestId),
    eq(invitationRequests.sponsorMemberId, input.memberId),
    eq(invitationRequests.status, "new"),
  );
  const changes = and(open, sql`${invitationRequests.sponsorAnswer} IS NOT ${input.answer}`);
  const [, answered] = await database.batch([
    database.insert(applicationEvents).select(
      database
        .select(
          insertSelectRow(applicationEvents, {
            requestId: input.requestId,
            kind: "sponsor_answered",
            actorId: input.memberId,
            detail: input.answer,
            createdAt: nowIso,
          }),
        )
        .from(invitationRequests)
        .where(changes),
    ),
    database
      .update(invitationRequests)
      .set({ sponsorAnswer: input.answer, sponsorAnsweredAt: nowIso })
      .where(changes)
      .returning({ id: invitationRequests.id }),
  ]);
  if (answered.length > 0) return { ok: true };
  // The same answer again is no change; anything else means the application is closed to this member.
  const still = await database.select({ id: invitationRequests.id }).from(invitationRequests).where(open).get();
  return still ? { ok: true } : { ok: false, reason: "not-open" };
}

export interface SponsorshipRequest {
  requestId: string;
  applicantName: string;
  company: string;
  createdAt: string;
  /** The member may still answer (or change the answer) while this is true. */
  open: boolean;
  answer: SponsorAnswer | null;
  answeredAt: string | null;
}

/** The applications naming this member as sponsor, newest first (at most 50). */
export async function listSponsorshipRequests(db: D1Database, memberId: string): Promise<SponsorshipRequest[]> {
  const rows = await getDatabase(db)
    .select({
      requestId: invitationRequests.id,
      applicantName: invitationRequests.name,
      company: invitationRequests.company,
      createdAt: invitationRequests.createdAt,
      status: invitationRequests.status,
      answer: invitationRequests.sponsorAnswer,
      answeredAt: invitationRequests.sponsorAnsweredAt,
    })
    .from(invitationRequests)
    .where(eq(invitationRequests.sponsorMemberId, memberId))
    .orderBy(desc(invitationRequests.createdAt), desc(invitationRequests.id))
    .limit(50)
    .all();
  return rows.map(({ status, ...row }) => ({ ...row, open: status === "new" }));
}

/**
 * The email asking a member to vouch. It names the applicant and their company (escaped) but
 * holds no link with a secret: the answer is given signed in, at /members/sponsorships.
 */
export function sponsorRequestEmail(request: { name: string; company: string; sponsorName: string; siteUrl: string }) {
  const page = new URL("/members/sponsorships", request.siteUrl).toString();
  const subject = `A vouch request from the ${club.name} concierge`;
  const body = [
    `<h1>Would you vouch for an applicant?</h1>`,
    `<p>${escapeMarkup(request.sponsorName)},</p>`,
    `<p>${escapeMarkup(request.name)} of ${escapeMarkup(request.company)} has asked to join ${escapeMarkup(club.name)} and named you as their connection. The concierge would value your word.</p>`,
    `<p>Please answer in the members area, under Vouch Requests: yes, no, or that you do not know them. Only the concierge sees your answer.</p>`,
    `<p><a href="${escapeMarkup(page)}">${escapeMarkup(page)}</a></p>`,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ].join("");
  return { subject, body };
}
