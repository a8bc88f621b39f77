import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  MEMBERSHIP_PAUSED,
  PASSKEY_NOT_ADDED,
  PASSKEY_REFUSED,
  SIGN_IN_AGAIN_TO_ADD_PASSKEY,
  SIGN_IN_RATE_LIMITED,
} from "#app/features/sign-in/sign-in-messages.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { homePageFor } from "#app/features/sign-in/home-page.ts";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { limitBody, readJsonBody, requireJson } from "#worker/http/guards.ts";
import { findMemberById } from "#worker/features/members/members.ts";
import { networkLimits } from "#worker/shared/rate-limit.ts";
import { takeStrictCounts } from "#worker/shared/strict-counter.ts";
import { mayChangePasskeys } from "./member-passkeys.ts";
import { loadSignedInMember } from "./member-session.ts";
import { authenticationOptions, registrationOptions, relyingParty, verifyAuthentication, verifyRegistration } from "./passkeys.ts";

/**
 * The passkey JSON API under /api/passkeys (docs/product-rules.md#sign-in, docs/security.md#passkeys):
 * options and verification for sign-in (anyone) and for adding a passkey (the signed-in member).
 * Every answer is private and never stored: options carry single-use challenges.
 */
export const passkeysApi = new Hono<AppBindings>();

passkeysApi.use(async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

/** A passkey response is a few hundred bytes; attestation is not asked for. */
const MAX_BODY_BYTES = 16 * 1024;
/**
 * Sign-in options per network: generous (a lounge full of members shares one address, and the
 * /auth page asks once per visit for autofill), strict so a script cannot fill the challenge table.
 */
const SIGN_IN_OPTIONS_PER_NETWORK = { max: 200, windowMs: 15 * 60_000 };

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);
const credentialFields = {
  id: base64url.min(1).max(1024),
  rawId: base64url.min(1).max(1024),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({}).default({}),
};
const registrationRequest = z.object({
  response: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url,
      attestationObject: base64url,
      authenticatorData: base64url.optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url.optional(),
    }),
  }),
});
const signInRequest = z.object({
  response: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    }),
  }),
  redirectTo: z.string().max(2048).optional(),
});

const sameForAll = (c: Context<AppBindings>) => c.json({ error: PASSKEY_REFUSED }, 400);

passkeysApi.post("/sign-in/options", limitBody(MAX_BODY_BYTES), requireJson(), async (c) => {
  const { env, config, signingKey, clientNetwork, logSecurityEvent: log } = c.var.requestContext;
  const limit = await takeStrictCounts(
    env.DB,
    await networkLimits(
      signingKey,
      "passkey-options:network",
      clientNetwork,
      SIGN_IN_OPTIONS_PER_NETWORK.max * config.FORM_RATE_LIMIT_MULTIPLIER,
    ),
    SIGN_IN_OPTIONS_PER_NETWORK.windowMs,
  );
  if (!limit.allowed) {
    if (limit.firstRefusal)
      log({ eventType: "excess_rate_limit_exceeded", severity: "medium", description: "passkey sign-in options over the limit" });
    c.header("Retry-After", String(limit.retryAfterSeconds));
    return c.json({ error: SIGN_IN_RATE_LIMITED }, 429);
  }
  return c.json(await authenticationOptions(env, config));
});

passkeysApi.post("/sign-in", limitBody(MAX_BODY_BYTES), requireJson(), async (c) => {
  const { env, config, request, logSecurityEvent: log } = c.var.requestContext;
  const parsed = signInRequest.safeParse(await readJsonBody(c));
  if (!parsed.success) {
    log({ eventType: "input_validation_fail", severity: "low", description: "passkey sign-in refused: malformed response" });
    return sameForAll(c);
  }
  const result = await verifyAuthentication(env, config, request, parsed.data.response);
  if (!result.ok) {
    log({
      eventType: "authn_login_fail",
      severity: "medium",
      description: "passkey sign-in refused",
      details: { reason: result.reason },
      userId: result.memberId ?? null,
    });
    return sameForAll(c);
  }
  const { session } = result;
  if (!session) {
    // The passkey proved who this is, so a paused membership may be named (never before).
    const paused = (await findMemberById(env.DB, result.memberId))?.status === "suspended";
    log({
      eventType: "authn_login_fail",
      severity: "medium",
      description: "passkey sign-in refused: no session started",
      details: { reason: paused ? "member_suspended" : "member_not_active_or_passkey_gone" },
      userId: result.memberId,
    });
    return paused ? c.json({ error: MEMBERSHIP_PAUSED }, 403) : sameForAll(c);
  }
  log({ eventType: "authn_login_success", severity: "low", description: "passkey sign-in", userId: result.memberId });
  const { redirectTo } = parsed.data;
  c.header("Set-Cookie", session.setCookie);
  const home = homePageFor((await findMemberById(env.DB, result.memberId))?.role);
  return c.json({ redirectTo: redirectTo ? safeRedirectPath(redirectTo, relyingParty(config).origin) : home });
});

/**
 * The member who may add a passkey: signed in, in a session begun in the last 10 minutes
 * (mayChangePasskeys); otherwise the answer to give.
 */
async function memberAddingPasskey(c: Context<AppBindings>) {
  const { env, request } = c.var.requestContext;
  const signedIn = await loadSignedInMember(request, env);
  if (!signedIn) return { refusal: c.json({ error: "Sign in to add a passkey." }, 401) };
  if (!mayChangePasskeys(signedIn.session)) return { refusal: c.json({ error: SIGN_IN_AGAIN_TO_ADD_PASSKEY }, 403) };
  return { member: signedIn.member };
}

passkeysApi.post("/registration/options", limitBody(MAX_BODY_BYTES), requireJson(), async (c) => {
  const { env, config } = c.var.requestContext;
  const adding = await memberAddingPasskey(c);
  if (adding.refusal) return adding.refusal;
  return c.json(await registrationOptions(env, config, adding.member));
});

passkeysApi.post("/registration", limitBody(MAX_BODY_BYTES), requireJson(), async (c) => {
  const { env, config, request, logSecurityEvent: log } = c.var.requestContext;
  const adding = await memberAddingPasskey(c);
  if (adding.refusal) return adding.refusal;
  const parsed = registrationRequest.safeParse(await readJsonBody(c));
  if (!parsed.success) {
    log({ eventType: "input_validation_fail", severity: "low", description: "passkey registration refused: malformed response" });
    return c.json({ error: PASSKEY_NOT_ADDED }, 400);
  }
  const result = await verifyRegistration(env, config, request, adding.member.id, parsed.data.response);
  if (!result.ok) {
    log({
      eventType: "passkey_refused",
      severity: "medium",
      description: "passkey registration refused",
      details: { reason: result.reason },
    });
    return c.json({ error: PASSKEY_NOT_ADDED }, 400);
  }
  log({ eventType: "passkey_added", severity: "low", description: "passkey added", details: { name: result.passkey.name } });
  return c.json({ passkey: result.passkey });
});
