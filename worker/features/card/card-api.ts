import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { limitBody, readJsonBody, requireJson, tooManySubmissions } from "#worker/http/guards.ts";
import { checkFormRateLimit, limitKey } from "#worker/shared/rate-limit.ts";
import { loadSignedInMember } from "#worker/features/sign-in/member-session.ts";
import { certifyDevice, isDevicePublicKey, isUsableDeviceKey, renewDevice, type CardOutcome } from "./card-devices.ts";

/**
 * The member card's JSON API under /api/card (docs/product-rules.md#member-card), called by the
 * card page's script, like /api/passkeys: certify this device's key, renew its certificate. The
 * member is the signed-in one (the session cookie); the same-origin check in worker/app.ts covers
 * these POSTs. Answers are private and never stored. Listing and revoking cards are the card
 * page's own forms (they work without JavaScript).
 */
export const cardApi = new Hono<AppBindings>();

cardApi.use(async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

const MAX_BODY_BYTES = 1024;
/**
 * Certifications and renewals per member: the card renews once per opening online, so 30 in 15
 * minutes is far above a member's use and stops a script from minting certificates in a loop.
 */
const CARD_REQUESTS_PER_MEMBER = { max: 30, windowMinutes: 15 };

const publicKey = z.string().max(128).refine(isDevicePublicKey, "a 65-byte uncompressed P-256 public key, base64url");
const certifyRequest = z.object({ publicKey }).strict();
const renewRequest = z.object({ cardId: z.string().uuid(), publicKey }).strict();

const statusOf = { "not-a-member": 403, "signed-out": 401, lapsed: 403, revoked: 403, "unknown-card": 404, "too-many-cards": 409 } as const;

/** The signed-in member within their limit, or the answer to give. */
async function cardHolder(c: Context<AppBindings>) {
  const { env, request, config, signingKey, logSecurityEvent: log } = c.var.requestContext;
  const signedIn = await loadSignedInMember(request, env);
  if (!signedIn) return { refusal: c.json({ error: "Sign in to use your member card." }, 401) };
  const limit = await checkFormRateLimit(
    env.RATE_LIMITS,
    [
      {
        key: await limitKey(signingKey, "card:member", signedIn.member.id),
        max: CARD_REQUESTS_PER_MEMBER.max * config.FORM_RATE_LIMIT_MULTIPLIER,
      },
    ],
    CARD_REQUESTS_PER_MEMBER.windowMinutes,
  );
  if (!limit.allowed) {
    if (limit.firstRefusal)
      log({
        eventType: "excess_rate_limit_exceeded",
        severity: "medium",
        description: "member card requests over the limit",
        userId: signedIn.member.id,
      });
    return { refusal: tooManySubmissions(c, limit) };
  }
  return { member: signedIn.member, session: signedIn.session };
}

function answer(c: Context<AppBindings>, outcome: CardOutcome) {
  if (!outcome.ok) return c.json({ error: outcome.error, reason: outcome.reason }, statusOf[outcome.reason]);
  return c.json(outcome.card);
}

cardApi.post("/certify", limitBody(MAX_BODY_BYTES), requireJson(), async (c) => {
  const { env, request, logSecurityEvent: log } = c.var.requestContext;
  const holder = await cardHolder(c);
  if (holder.refusal) return holder.refusal;
  const parsed = certifyRequest.safeParse(await readJsonBody(c));
  if (!parsed.success || !(await isUsableDeviceKey(parsed.data.publicKey))) {
    log({ eventType: "input_validation_fail", severity: "low", description: "member card refused: malformed device key" });
    return c.json({ error: "This device's key could not be read. Reload the page to try again." }, 400);
  }
  const outcome = await certifyDevice(
    env,
    holder.member,
    parsed.data.publicKey,
    request.headers.get("User-Agent"),
    holder.session.createdAt,
  );
  if (outcome.ok && !outcome.renewed)
    log({ eventType: "card_issued", severity: "low", description: "member card issued", details: { cardId: outcome.card.cardId } });
  return answer(c, outcome);
});

cardApi.post("/renew", limitBody(MAX_BODY_BYTES), requireJson(), async (c) => {
  const { env, logSecurityEvent: log } = c.var.requestContext;
  const holder = await cardHolder(c);
  if (holder.refusal) return holder.refusal;
  const parsed = renewRequest.safeParse(await readJsonBody(c));
  if (!parsed.success) {
    log({ eventType: "input_validation_fail", severity: "low", description: "member card renewal refused: malformed request" });
    return c.json({ error: "This card could not be read. Reload the page to try again." }, 400);
  }
  return answer(c, await renewDevice(env, holder.member, parsed.data.cardId, parsed.data.publicKey));
});
