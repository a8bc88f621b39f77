import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { members, outbox } from "#db/schema.ts";
import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { club, healthWarning } from "#app/features/site/site-config.ts";
import { formatCents } from "#app/lib/money.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";

/**
 * The emails of a member's dues (docs/product-rules.md#billing-renewals-and-lapses), stored in the
 * outbox in the same batch as the change they tell of. The subjects hold no user text; the member's
 * name is escaped. No link carries a credential: the member signs in to reach their billing page.
 */
const longDate = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, dateStyle: "long" });

export interface DuesEmailMember {
  name: string;
}

/** The renewal was not paid (a failed card, or a quarter paid at the lounge that has run out): the grace period. */
export function duesPastDueEmail(
  member: DuesEmailMember,
  {
    graceEndsAt,
    amountCents,
    siteUrl,
    paysAtLounge,
  }: { graceEndsAt: string; amountCents: number | null; siteUrl: string; paysAtLounge: boolean },
) {
  const billing = new URL("/members/billing", siteUrl).href;
  const how = paysAtLounge
    ? `Your dues are paid at the lounge: the concierge will gladly take them by card, check or cash on your next visit, or call the office at ${escapeMarkup(club.officePhone.display)}.`
    : `Your card could not be charged. Please update it on your Membership &amp; Billing page, where you can also pay the open invoice: <a href="${escapeMarkup(billing)}">${escapeMarkup(billing)}</a>.`;
  const body = [
    `<h1>Your dues are past due</h1>`,
    `<p>${escapeMarkup(member.name)},</p>`,
    `<p>Your quarterly dues${amountCents === null ? "" : ` of ${escapeMarkup(formatCents(amountCents))}`} have not been received. Your membership continues as usual until ${escapeMarkup(longDate.format(new Date(graceEndsAt)))}; after that date the member areas close until the dues are paid.</p>`,
    `<p>${how}</p>`,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ].join("");
  return { subject: `Your ${club.name} dues are past due`, body };
}

/** The grace period ended unpaid, or the subscription ended: the member areas close except billing. */
export function duesLapsedEmail(member: DuesEmailMember, { siteUrl }: { siteUrl: string }) {
  const billing = new URL("/members/billing", siteUrl).href;
  const body = [
    `<h1>Your membership has lapsed</h1>`,
    `<p>${escapeMarkup(member.name)},</p>`,
    `<p>We have not received your dues, so your membership has lapsed and the member areas are closed for now. We would be glad to welcome you back: paying your dues reinstates it at once.</p>`,
    `<p>Sign in to your Membership &amp; Billing page to pay (<a href="${escapeMarkup(billing)}">${escapeMarkup(billing)}</a>), see the concierge at the lounge, or call the office at ${escapeMarkup(club.officePhone.display)}.</p>`,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ].join("");
  return { subject: `Your ${club.name} membership has lapsed`, body };
}

/**
 * The member's email, inserted only when the batch's previous statement (an UPDATE of this member
 * that its guard let through) changed the row: SQLite's `changes()` counts that statement's rows.
 * So two batches at once, or a redelivered event, write one email between them.
 */
export function emailIfMemberChanged(database: Database, memberId: string, message: { subject: string; body: string }, recipient: string) {
  return database
    .insert(outbox)
    .select(
      database
        .select(insertSelectRow(outbox, { channel: "email", recipient, subject: message.subject, body: message.body }))
        .from(members)
        .where(and(eq(members.id, memberId), sql`changes() = 1`)),
    )
    .returning({ id: outbox.id });
}
