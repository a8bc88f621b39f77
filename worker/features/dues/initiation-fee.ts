import { and, eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { invitationRequests, members } from "#db/schema.ts";
import { quarterlyDuesCents, tierBySlug, type MembershipTier } from "#app/features/site/site-config.ts";

/**
 * The initiation fee an application owes for `tier`, decided now (docs/product-rules.md#paying-an-offer):
 * nothing when the applicant was introduced by a current member in good standing, that is when the
 * concierge linked a sponsor, the sponsor answered yes, and the sponsor is at this moment an active
 * member whose dues are active; otherwise the tier's fee from site-config.ts. Every amount the club
 * asks of an applicant (status page, offer email, checkout, payments at the lounge) comes from here.
 */
export async function initiationFeeDueCents(db: D1Database, requestId: string, tier: MembershipTier["slug"]): Promise<number> {
  const sponsor = await getDatabase(db)
    .select({ id: members.id })
    .from(invitationRequests)
    .innerJoin(members, eq(members.id, invitationRequests.sponsorMemberId))
    .where(
      and(
        eq(invitationRequests.id, requestId),
        eq(invitationRequests.sponsorAnswer, "yes"),
        eq(members.status, "active"),
        eq(members.duesStatus, "active"),
      ),
    )
    .get();
  return sponsor ? 0 : tierBySlug(tier).initiationFeeCents;
}

/**
 * What an offered applicant owes to become a member: the initiation fee due now and the first
 * quarter's dues. Asked at the lounge, and checked against what a completed checkout paid.
 */
export async function offerDueCents(db: D1Database, requestId: string, tier: MembershipTier["slug"]): Promise<number> {
  return (await initiationFeeDueCents(db, requestId, tier)) + quarterlyDuesCents(tierBySlug(tier));
}
