import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { applicationEvents, duesLedger, invitationRequests, members, paymentEvents, securityEvents } from "#db/schema.ts";
import { createRequestContext, type RequestContext } from "#worker/http/request-context.ts";
import { STRIPE_TEST_SETTINGS, stripeSignature, type StripeEventPayload } from "#tests/fakes/stripe-api.ts";
import { insertInvitationRequest, insertMember } from "#tests/integration/support/concierge-fixtures.ts";
import worker from "#tests/integration/support/worker-under-test.ts";

/** Offers and webhook deliveries for the tests of paying an offer, written straight to D1. */
const DAY_MS = 24 * 60 * 60 * 1000;

export const stripeEnv = () => ({ ...env, ...STRIPE_TEST_SETTINGS }) as unknown as Env;

/** An application the concierge approved into `tier`: 'offered' for 7 days (or as given). */
export async function insertOffer(
  options: {
    tier?: "kickback" | "business" | "platinum";
    status?: "offered" | "new" | "declined" | "expired" | "waitlisted";
    offerExpiresAt?: string;
    email?: string;
  } = {},
) {
  const concierge = await insertMember({ role: "concierge" });
  const request = await insertInvitationRequest(options.email ? { email: options.email } : {});
  const now = Date.now();
  await getDatabase(env.DB)
    .update(invitationRequests)
    .set({
      status: options.status ?? "offered",
      tier: options.tier ?? "business",
      decidedBy: concierge.id,
      decidedAt: new Date(now).toISOString(),
      offeredAt: new Date(now).toISOString(),
      offerExpiresAt: options.offerExpiresAt ?? new Date(now + 7 * DAY_MS).toISOString(),
    })
    .where(eq(invitationRequests.id, request.id));
  return { ...request, conciergeId: concierge.id };
}

export async function requestRow(id: string) {
  return (await getDatabase(env.DB).select().from(invitationRequests).where(eq(invitationRequests.id, id)).get())!;
}

export async function membersOfRequest(requestId: string) {
  return getDatabase(env.DB).select().from(members).where(eq(members.invitationRequestId, requestId)).all();
}

export async function ledgerOfRequest(requestId: string) {
  const rows = await getDatabase(env.DB)
    .select({ entry: duesLedger })
    .from(duesLedger)
    .innerJoin(members, eq(members.id, duesLedger.memberId))
    .where(eq(members.invitationRequestId, requestId))
    .all();
  return rows.map((row) => row.entry);
}

export async function eventsOfRequest(requestId: string) {
  return getDatabase(env.DB)
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.requestId, requestId))
    .orderBy(applicationEvents.id)
    .all();
}

export async function securityEventsOfType(eventType: string) {
  return getDatabase(env.DB).select().from(securityEvents).where(eq(securityEvents.eventType, eventType)).all();
}

export async function processedEvent(eventId: string) {
  return getDatabase(env.DB).select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)).get();
}

/** A request context like the Worker's, over the given env (Stripe's test settings by default). */
export function contextFor(bindings: Env = stripeEnv()): { context: RequestContext; settle: () => Promise<void> } {
  const ctx = createExecutionContext();
  const context = createRequestContext(bindings, ctx, new Request("http://example.com/application", { method: "POST" }));
  return { context, settle: () => waitOnExecutionContext(ctx) };
}

/** POSTs a webhook body as Stripe does (no Origin), signed with Stripe's test helper unless told otherwise. */
export async function deliverWebhook(
  payload: StripeEventPayload | string,
  options: { signature?: string | null; bindings?: Env } = {},
): Promise<Response> {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  const signature = options.signature === undefined ? await stripeSignature(body) : options.signature;
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8", "User-Agent": "Stripe/1.0" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request("http://example.com/api/payments/webhook", { method: "POST", headers, body }),
    options.bindings ?? stripeEnv(),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}
