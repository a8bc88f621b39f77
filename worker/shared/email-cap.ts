import { and, count, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { outbox } from "#db/schema.ts";
import type { OutboxDraft } from "./outbox.ts";

/**
 * The daily cap on email a stranger or an applicant can cause (docs/security.md#forms-and-email):
 * contact and invitation-request acknowledgements and sit-down confirmations, together, reach one
 * address at most CAPPED_EMAILS_PER_DAY times in any 24 hours. Past it the action still happens,
 * without its email. The outbox row itself is the count: a capped email is inserted by one
 * INSERT … SELECT whose WHERE counts that recipient's capped rows of the last day, so D1, running
 * one statement at a time, lets exactly the cap's number through however many requests race. The
 * recipient is the address the outbox already keeps for delivery: no second copy of it anywhere.
 */
export const CAPPED_EMAILS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60_000;

/** An email under the cap: its recipient normalised as the callers key people (trimmed, lower case). */
export type CappedEmail = Omit<OutboxDraft, "channel">;

/** The outbox row of a capped email, stamped with the request's time (the cap counts from it). */
export function cappedEmailRow(email: CappedEmail, now: number) {
  return {
    channel: "email" as const,
    ...email,
    recipient: email.recipient.trim().toLowerCase(),
    capped: true,
    createdAt: new Date(now).toISOString(),
  };
}

/** SQL: the recipient has had fewer than CAPPED_EMAILS_PER_DAY capped emails in the 24 hours before `now`. */
export function underEmailCap(database: Database, recipient: string, now: number): SQL {
  const lastDay = database
    .select({ sent: count() })
    .from(outbox)
    .where(
      and(
        eq(outbox.capped, true),
        eq(outbox.recipient, recipient.trim().toLowerCase()),
        gt(outbox.createdAt, new Date(now - DAY_MS).toISOString()),
      ),
    );
  // A scalar subquery compared with a number: the builder's lt() takes columns, not a subquery.
  return sql`(${lastDay}) < ${CAPPED_EMAILS_PER_DAY}`;
}

/**
 * A capped email with no row of its own to hang on (a contact acknowledgement): queued only under
 * the cap. Returns the outbox id, none when the cap held it back.
 */
export function cappedEmailInsert(database: Database, email: CappedEmail, now: number) {
  return database
    .insert(outbox)
    .select(
      database
        .select(insertSelectRow(outbox, cappedEmailRow(email, now)))
        // One row from nowhere, kept only under the cap.
        .from(sql`(select 1)`)
        .where(underEmailCap(database, email.recipient, now)),
    )
    .returning({ id: outbox.id });
}
