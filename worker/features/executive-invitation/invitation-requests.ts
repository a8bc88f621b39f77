import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { applicationEvents, invitationRequests, outbox } from "#db/schema.ts";
import type { InvitationRequest } from "#app/features/executive-invitation/invitation-request.ts";
import { invitationEmail } from "./invitation-email.ts";
import { acknowledgementEmail } from "#worker/features/admissions/applicant-emails.ts";
import { applicationEventInsertWhere } from "#worker/features/admissions/application-events.ts";
import { sealedApplicationStatusUrl } from "#worker/features/admissions/application-link.ts";
import { normalizeEmail } from "#worker/features/members/members.ts";
import { cappedEmailRow, underEmailCap } from "#worker/shared/email-cap.ts";
import { outboxInsert } from "#worker/shared/outbox.ts";
import { linkOptInToRequest } from "#worker/features/sms-invitation/sms-opt-ins.ts";

/** A second request from the same email within this long of the first joins it (docs/product-rules.md#the-applicants-journey). */
export const JOIN_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** Applications still in progress: a repeat request joins only one of these (docs/product-rules.md). */
export const OPEN_APPLICATION_STATUSES = ["new", "waitlisted", "offered"] as const;

/**
 * How the request showed a person sent it (docs/security.md#captcha): a captcha pass and its
 * score, a mobile number verified by SMS code (its opt-in), or nothing but the honeypot and the
 * stricter limit of a form posted without JavaScript.
 */
export type RequestProof =
  { checkedBy: "captcha"; recaptchaScore: number } | { checkedBy: "sms"; optInId: number; phoneNumber: string } | { checkedBy: "none" };

export interface StoredInvitationRequest {
  id: string;
  /** The outbox rows to deliver now: the concierge's copy, then the applicant's acknowledgement. */
  outboxIds: number[];
  /** False when the applicant's address had its day's capped emails: no acknowledgement was queued (worker/shared/email-cap.ts). */
  acknowledged: boolean;
  /** The earlier request this one joined, or null for a new application. */
  joinedTo: string | null;
}

/**
 * Stores an accepted request in one D1 batch (atomic): the request, the concierge's copy, the
 * applicant's acknowledgement with their sealed status link, and the application's event. Nothing
 * is kept without its emails, nor an email without its request. Delivery happens afterwards
 * (deliverOutboxMessage), and the cron retries it until it succeeds.
 *
 * Whether the request is a new application or joins an earlier one is decided by the INSERT itself:
 * its subquery finds the first request of the same email (normalised) from the last 30 days that is
 * still open (new, waitlisted or offered; never a joined, declined, expired or paid one). D1 runs one statement at a time, so of simultaneous submissions from one
 * address the first stored is the application and every other joins it; a read before the batch
 * would let two of them both become new. The acknowledgement, the 'submitted' event and the
 * 'resubmitted' event on the first request are each written only for the status the INSERT chose.
 */
export async function storeInvitationRequest(
  db: D1Database,
  settings: { conciergeEmail: string; siteUrl: string; signingKey: string },
  request: InvitationRequest,
  proof: RequestProof,
  now: number = Date.now(),
  /** The member whose guest the applicant was (a signed guest reference: worker/features/guests/guest-reference.ts). */
  introducedBy: { id: string; name: string } | null = null,
): Promise<StoredInvitationRequest> {
  const database = getDatabase(db);
  const id = crypto.randomUUID();
  const nowIso = new Date(now).toISOString();
  const emailKey = normalizeEmail(request.email);
  const recaptchaScore = proof.checkedBy === "captcha" ? proof.recaptchaScore : 0;
  const verifiedPhone = proof.checkedBy === "sms" ? proof.phoneNumber : null;
  const conciergeCopy = invitationEmail({ ...request, id, proof });
  // One sealed link for both wordings: the batch sends only the one that fits.
  const statusLink = await sealedApplicationStatusUrl(settings.siteUrl, settings.signingKey, id);
  const acknowledgements = {
    new: acknowledgementEmail({ name: request.name, statusLink, joined: false }),
    joined: acknowledgementEmail({ name: request.name, statusLink, joined: true }),
  };

  const firstRequest = database
    .select({ id: invitationRequests.id })
    .from(invitationRequests)
    .where(
      and(
        eq(invitationRequests.emailKey, emailKey),
        isNull(invitationRequests.joinedTo),
        // Only an open application takes a repeat; after a decline, payment or expiry it starts anew.
        inArray(invitationRequests.status, OPEN_APPLICATION_STATUSES),
        gte(invitationRequests.createdAt, new Date(now - JOIN_WINDOW_MS).toISOString()),
      ),
    )
    .orderBy(asc(invitationRequests.createdAt), asc(invitationRequests.id))
    .limit(1);
  const stored = (status: "new" | "joined") => and(eq(invitationRequests.id, id), eq(invitationRequests.status, status));
  const acknowledgementInsert = (status: "new" | "joined") =>
    database
      .insert(outbox)
      .select(
        database
          .select(
            insertSelectRow(
              outbox,
              cappedEmailRow({ recipient: emailKey, subject: acknowledgements[status].subject, body: acknowledgements[status].body }, now),
            ),
          )
          .from(invitationRequests)
          // A visitor can type anyone's address: the acknowledgement is held to the address's daily cap.
          .where(and(stored(status), underEmailCap(database, emailKey, now))),
      )
      .returning({ id: outbox.id });

  const [, [conciergeQueued], newQueued, joinedQueued, , joined] = await database.batch([
    database.insert(invitationRequests).values({
      id,
      ...request,
      emailKey,
      recaptchaScore,
      checkedBy: proof.checkedBy,
      verifiedPhone,
      createdAt: nowIso,
      // A guest's host sponsors a new application only; a repeat joins the first as it stands.
      sponsorMemberId: introducedBy ? sql`CASE WHEN (${firstRequest}) IS NULL THEN ${introducedBy.id} ELSE NULL END` : null,
      // The builder has no INSERT … VALUES with a conditional value: the subquery decides both columns.
      status: sql`CASE WHEN (${firstRequest}) IS NULL THEN 'new' ELSE 'joined' END`,
      joinedTo: sql`(${firstRequest})`,
    }),
    outboxInsert(db, { channel: "email", recipient: settings.conciergeEmail, subject: conciergeCopy.subject, body: conciergeCopy.body }),
    acknowledgementInsert("new"),
    acknowledgementInsert("joined"),
    applicationEventInsertWhere(
      database,
      {
        requestId: id,
        kind: "submitted",
        actorId: introducedBy?.id ?? null,
        detail: introducedBy ? `Introduced by ${introducedBy.name}, whose guest they were` : null,
        createdAt: nowIso,
      },
      stored("new"),
    ),
    database
      .insert(applicationEvents)
      .select(
        database
          .select(
            insertSelectRow(applicationEvents, {
              requestId: sql`${invitationRequests.joinedTo}`,
              kind: "resubmitted",
              actorId: null,
              // The repeat's id: the console shows each submission on the first one's card.
              detail: id,
              createdAt: nowIso,
            }),
          )
          .from(invitationRequests)
          .where(stored("joined")),
      )
      .returning({ firstId: applicationEvents.requestId }),
    // The verified number's opt-in names the request it became (the console's SMS list links it).
    ...(proof.checkedBy === "sms" ? [linkOptInToRequest(db, proof.optInId, id)] : []),
  ]);
  const acknowledgement = newQueued[0] ?? joinedQueued[0];
  return {
    id,
    outboxIds: [conciergeQueued!.id, ...(acknowledgement ? [acknowledgement.id] : [])],
    acknowledged: acknowledgement !== undefined,
    joinedTo: joined[0]?.firstId ?? null,
  };
}
