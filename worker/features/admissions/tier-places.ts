import { and, asc, eq, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { invitationRequests } from "#db/schema.ts";
import { membershipTierSlugs } from "#db/schema/members.ts";
import { tierBySlug } from "#app/features/site/site-config.ts";
import type { WorkerConfig } from "#worker/config.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { applicationEmailInsertWhere, applicationEventInsertWhere } from "./application-events.ts";
import { sealedApplicationStatusUrl } from "./application-link.ts";
import { initiationFeeDueCents } from "#worker/features/dues/initiation-fee.ts";
import { offerEmail, offerExpiredEmail } from "./decision-emails.ts";

/**
 * Places in the membership tiers, their waitlists and offers
 * (docs/product-rules.md#decisions-capacity-and-waitlist). A place in a tier is taken by each member
 * of the tier (role 'member') whose dues have not lapsed, and by each open offer for it. Every
 * decision that takes a place tests the room in the same SQL statement that takes it, so two
 * decisions at once can never both take the last place.
 */
export type Tier = MemberRow["tier"];

/** An offer holds for 7 days. */
const OFFER_DAYS = 7;

/** How long past its 7 days an offer with an open checkout waits for the payment's webhook. */
const CHECKOUT_GRACE_MS = 60 * 60 * 1000;

/** What sending an applicant's email needs: the Worker's bindings, its configuration and signing key. */
export type AdmissionsServices = Pick<RequestContext, "env" | "config" | "signingKey">;

/** The tier's member cap: TIER_MEMBER_CAPS when it names the tier, else site-config's. */
export function tierCap(config: Pick<WorkerConfig, "TIER_MEMBER_CAPS">, tier: Tier): number {
  return config.TIER_MEMBER_CAPS[tier] ?? tierBySlug(tier).memberCap;
}

/**
 * SQL: the places taken in `tier` right now: members whose dues have not lapsed, members whose
 * downgrade into it waits for the end of their paid period (the place is kept for them, so the
 * downgrade never overfills the tier when it takes effect), and open offers.
 */
export function placesTaken(tier: Tier): SQL<number> {
  return sql<number>`((select count(*) from members m where (m.tier = ${tier} or m.pending_tier = ${tier}) and m.role = 'member' and m.dues_status != 'lapsed')
    + (select count(*) from invitation_requests o where o.status = 'offered' and o.tier = ${tier}))`;
}

/** SQL condition: `tier` has a free place under `cap`; put it in the statement that takes the place. */
export function tierHasRoom(tier: Tier, cap: number): SQL {
  return sql`${placesTaken(tier)} < ${cap}`;
}

/** SQL condition: nobody waits on `tier`'s waitlist (a new approval must not pass them in line). */
export function nobodyWaitingFor(tier: Tier): SQL {
  return sql`not exists (select 1 from invitation_requests w where w.status = 'waitlisted' and w.tier = ${tier})`;
}

/** How many places in `tier` are taken now. */
export async function placesTakenIn(db: D1Database, tier: Tier): Promise<number> {
  const row = await getDatabase(db).get<{ taken: number }>(sql`select ${placesTaken(tier)} as taken`);
  return row?.taken ?? 0;
}

/**
 * Each tier's places for the console's waitlists page: the cap, the places taken, the open offers
 * (soonest to end first) and the waitlist in order.
 */
export async function tierPlacesOverview(db: D1Database, config: Pick<WorkerConfig, "TIER_MEMBER_CAPS">) {
  return Promise.all(
    membershipTierSlugs.map(async (tier) => ({
      tier,
      cap: tierCap(config, tier),
      taken: await placesTakenIn(db, tier),
      offers: await getDatabase(db)
        .select({ id: invitationRequests.id, name: invitationRequests.name, offerExpiresAt: invitationRequests.offerExpiresAt })
        .from(invitationRequests)
        .where(and(eq(invitationRequests.status, "offered"), eq(invitationRequests.tier, tier)))
        .orderBy(asc(invitationRequests.offerExpiresAt))
        .all(),
      waitlist: await tierWaitlist(db, tier),
    })),
  );
}

/** The request's place in its tier's waitlist (1 is next), or null when it is not waiting. */
export async function waitlistPosition(db: D1Database, requestId: string): Promise<number | null> {
  const row = await getDatabase(db).get<{ position: number } | undefined>(sql`
    select 1 + (
      select count(*) from invitation_requests ahead
      where ahead.status = 'waitlisted' and ahead.tier = r.tier
        and (ahead.waitlisted_at < r.waitlisted_at or (ahead.waitlisted_at = r.waitlisted_at and ahead.id < r.id))
    ) as position
    from invitation_requests r
    where r.id = ${requestId} and r.status = 'waitlisted'`);
  return row?.position ?? null;
}

/** Every waiting request's place in its tier's line (1 is next), by request id. */
export async function waitlistPositions(db: D1Database): Promise<Map<string, number>> {
  const rows = await getDatabase(db).all<{ id: string; position: number }>(sql`
    select id, row_number() over (partition by tier order by waitlisted_at, id) as position
    from invitation_requests where status = 'waitlisted'`);
  return new Map(rows.map((row) => [row.id, row.position]));
}

/** The tier's waitlist in order (position 1 first), at most `limit`. */
export async function tierWaitlist(db: D1Database, tier: Tier, limit = 500) {
  return getDatabase(db)
    .select({
      id: invitationRequests.id,
      name: invitationRequests.name,
      email: invitationRequests.email,
      waitlistedAt: invitationRequests.waitlistedAt,
    })
    .from(invitationRequests)
    .where(and(eq(invitationRequests.status, "waitlisted"), eq(invitationRequests.tier, tier)))
    .orderBy(asc(invitationRequests.waitlistedAt), asc(invitationRequests.id))
    .limit(limit)
    .all();
}

/** The offer's end, 7 days after `now`. */
export function offerExpiry(now: number): string {
  return new Date(now + OFFER_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** The offer email for one applicant, with their sealed status link. */
export async function composeOfferEmail(
  services: AdmissionsServices,
  applicant: { id: string; name: string; tier: Tier; expiresAt: string; fromWaitlist: boolean },
) {
  const link = await sealedApplicationStatusUrl(services.config.SITE_URL, services.signingKey, applicant.id);
  return offerEmail({
    name: applicant.name,
    tier: applicant.tier,
    initiationFeeCents: await initiationFeeDueCents(services.env.DB, applicant.id, applicant.tier),
    expiresAt: applicant.expiresAt,
    link,
    fromWaitlist: applicant.fromWaitlist,
  });
}

/**
 * Offers places in `tier` to the head of its waitlist while the tier has room, one applicant per
 * batch: the UPDATE takes the request only while it is still the head and the tier still has room,
 * and its offer email and event are written under the same condition in the same batch (they come
 * first: nothing they write changes the condition). A promotion running at the same time for the
 * same tier (the cron and a lapse, say) takes a place at most once each. Returns the ids offered;
 * each email is delivered at once (the cron retries a failure).
 */
export async function promoteFromWaitlist(services: AdmissionsServices, tier: Tier, now: number = Date.now()): Promise<string[]> {
  const database = getDatabase(services.env.DB);
  const cap = tierCap(services.config, tier);
  const nowIso = new Date(now).toISOString();
  const expiresAt = offerExpiry(now);
  const promoted: string[] = [];
  for (;;) {
    const [request] = await tierWaitlist(services.env.DB, tier, 1);
    if (!request) return promoted;
    const message = await composeOfferEmail(services, { id: request.id, name: request.name, tier, expiresAt, fromWaitlist: true });
    const stillHead = and(
      eq(invitationRequests.id, request.id),
      eq(invitationRequests.status, "waitlisted"),
      sql`${invitationRequests.id} = (select h.id from invitation_requests h where h.status = 'waitlisted' and h.tier = ${tier} order by h.waitlisted_at, h.id limit 1)`,
      tierHasRoom(tier, cap),
    );
    const [, queued, offered] = await database.batch([
      applicationEventInsertWhere(database, { requestId: request.id, kind: "offered", detail: tier, createdAt: nowIso }, stillHead),
      applicationEmailInsertWhere(database, { recipient: request.email, subject: message.subject, body: message.body }, stillHead),
      database
        .update(invitationRequests)
        .set({ status: "offered", offeredAt: nowIso, offerExpiresAt: expiresAt, checkoutSessionId: null })
        .where(stillHead)
        .returning({ id: invitationRequests.id }),
    ]);
    // Not offered: the tier is full, or a promotion running at the same time took this head (it
    // goes on down the line; the next cron run converges either way).
    if (!offered[0] || !queued[0]) return promoted;
    promoted.push(request.id);
    await deliverEmail(services, queued[0].id, now);
  }
}

/**
 * The cron's step for offers: every offer past its 7 days (and, while a checkout for it is open,
 * past CHECKOUT_GRACE_MS more) is expired, its event and a courteous email in the same batch under
 * the same condition, so an offer paid a moment earlier is left alone; then each tier's waitlist is
 * offered the places that are free. Returns what it did.
 */
export async function settleOffers(
  services: AdmissionsServices,
  now: number = Date.now(),
): Promise<{ expired: string[]; promoted: string[] }> {
  const database = getDatabase(services.env.DB);
  const nowIso = new Date(now).toISOString();
  // An offer with a checkout still open waits a little longer: a payment made in its last minutes
  // is reported by a webhook that may arrive after the 7 days, and must find the offer still open.
  const ended = or(
    and(isNull(invitationRequests.checkoutSessionId), lte(invitationRequests.offerExpiresAt, nowIso)),
    lte(invitationRequests.offerExpiresAt, new Date(now - CHECKOUT_GRACE_MS).toISOString()),
  );
  const due = await database
    .select({ id: invitationRequests.id, name: invitationRequests.name, email: invitationRequests.email, tier: invitationRequests.tier })
    .from(invitationRequests)
    .where(and(eq(invitationRequests.status, "offered"), ended))
    .orderBy(asc(invitationRequests.offerExpiresAt))
    .limit(100)
    .all();
  const expired: string[] = [];
  for (const { tier, ...request } of due) {
    if (!tier) continue; // an offer always names its tier; the column allows null only for undecided requests
    const message = offerExpiredEmail({ name: request.name, tier });
    const stillDue = and(eq(invitationRequests.id, request.id), eq(invitationRequests.status, "offered"), ended);
    const [, queued, expiredHere] = await database.batch([
      applicationEventInsertWhere(database, { requestId: request.id, kind: "offer_expired", detail: tier, createdAt: nowIso }, stillDue),
      applicationEmailInsertWhere(database, { recipient: request.email, subject: message.subject, body: message.body }, stillDue),
      database.update(invitationRequests).set({ status: "expired" }).where(stillDue).returning({ id: invitationRequests.id }),
    ]);
    if (!expiredHere[0] || !queued[0]) continue;
    expired.push(request.id);
    await deliverEmail(services, queued[0].id, now);
  }
  const promoted: string[] = [];
  for (const tier of membershipTierSlugs) promoted.push(...(await promoteFromWaitlist(services, tier, now)));
  return { expired, promoted };
}
