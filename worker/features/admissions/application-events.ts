import type { SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { applicationEvents, invitationRequests, outbox } from "#db/schema.ts";
import type { OutboxDraft } from "#worker/shared/outbox.ts";

/**
 * One step of an application's history (db/schema/executive-invitation.ts, application_events),
 * always written in the same D1 batch as the step itself.
 */
export type ApplicationEvent = Pick<typeof applicationEvents.$inferInsert, "requestId" | "kind" | "actorId" | "detail" | "createdAt">;

export function applicationEventInsert(database: Database, event: ApplicationEvent) {
  return database.insert(applicationEvents).values(event);
}

/**
 * The step's event, written only when `happened` finds the request (a condition on
 * invitation_requests the batch's own UPDATE made true): a step another batch took first
 * records nothing.
 */
export function applicationEventInsertWhere(database: Database, event: ApplicationEvent, happened: SQL | undefined) {
  return database
    .insert(applicationEvents)
    .select(database.select(insertSelectRow(applicationEvents, event)).from(invitationRequests).where(happened));
}

/**
 * The step's email, queued in the outbox only when `happened` finds the request (as for
 * applicationEventInsertWhere): a step another batch took first sends nothing. Returns the
 * outbox row's id, for delivery after the batch.
 */
export function applicationEmailInsertWhere(
  database: Database,
  email: Omit<OutboxDraft, "channel"> & Pick<typeof outbox.$inferInsert, "capped" | "createdAt">,
  happened: SQL | undefined,
) {
  return database
    .insert(outbox)
    .select(
      database
        .select(insertSelectRow(outbox, { channel: "email", ...email }))
        .from(invitationRequests)
        .where(happened),
    )
    .returning({ id: outbox.id });
}
