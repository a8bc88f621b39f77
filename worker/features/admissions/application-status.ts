import { eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { invitationRequests } from "#db/schema.ts";
import { initiationFeeDueCents } from "#worker/features/dues/initiation-fee.ts";
import { waitlistPosition } from "./tier-places.ts";

/**
 * What the applicant's status page shows (docs/product-rules.md#the-applicants-journey): the
 * application their link names. A repeat submission that joined an earlier request shows that
 * request: it is the one the concierge decides on.
 */
export interface ApplicationStatus {
  /** The application's own id (the first request's, for a joined one). */
  requestId: string;
  name: string;
  status: Exclude<(typeof invitationRequests.$inferSelect)["status"], "joined">;
  createdAt: string;
  sitDownInvitedAt: string | null;
  tier: (typeof invitationRequests.$inferSelect)["tier"];
  offerExpiresAt: string | null;
  /** While offered: the initiation fee due now (0 when waived: initiation-fee.ts). */
  initiationFeeCents: number | null;
  /** Place in the tier's waitlist (1 is next), while waitlisted. */
  waitlistPosition: number | null;
}

export async function findApplicationStatus(db: D1Database, requestId: string): Promise<ApplicationStatus | null> {
  const database = getDatabase(db);
  const read = (id: string) =>
    database
      .select({
        requestId: invitationRequests.id,
        name: invitationRequests.name,
        status: invitationRequests.status,
        joinedTo: invitationRequests.joinedTo,
        createdAt: invitationRequests.createdAt,
        sitDownInvitedAt: invitationRequests.sitDownInvitedAt,
        tier: invitationRequests.tier,
        offerExpiresAt: invitationRequests.offerExpiresAt,
      })
      .from(invitationRequests)
      .where(eq(invitationRequests.id, id))
      .get();
  let row = await read(requestId);
  // Requests join only one that is not itself joined (invitation-requests.ts), so one step is enough.
  if (row?.status === "joined" && row.joinedTo) row = await read(row.joinedTo);
  if (!row || row.status === "joined") return null;
  return {
    requestId: row.requestId,
    name: row.name,
    status: row.status,
    createdAt: row.createdAt,
    sitDownInvitedAt: row.sitDownInvitedAt,
    tier: row.tier,
    offerExpiresAt: row.offerExpiresAt,
    initiationFeeCents: row.status === "offered" && row.tier ? await initiationFeeDueCents(db, row.requestId, row.tier) : null,
    waitlistPosition: row.status === "waitlisted" ? await waitlistPosition(db, row.requestId) : null,
  };
}
