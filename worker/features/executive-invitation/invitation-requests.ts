import { getDatabase } from "#db/client.ts";
import { invitationRequests } from "#db/schema.ts";
import type { InvitationRequest } from "#app/features/executive-invitation/invitation-request.ts";
import { invitationEmail } from "./invitation-email.ts";
import { outboxInsert } from "#worker/shared/outbox.ts";

/**
 * Stores an accepted request and its email to the concierge in one D1 batch (atomic): the request
 * is never kept without its notification, nor the notification without its request. Delivery
 * happens afterwards (deliverOutboxMessage), and the cron retries it until it succeeds.
 */
export async function storeInvitationRequest(db: D1Database, conciergeEmail: string, request: InvitationRequest, recaptchaScore: number) {
  const id = crypto.randomUUID();
  const email = invitationEmail({ ...request, id, recaptchaScore });
  const [, [queued]] = await getDatabase(db).batch([
    getDatabase(db)
      .insert(invitationRequests)
      .values({ id, ...request, recaptchaScore }),
    outboxInsert(db, { channel: "email", recipient: conciergeEmail, subject: email.subject, body: email.body }),
  ]);
  return { id, outboxId: queued!.id };
}
