import type { RequestContext } from "#worker/http/request-context.ts";
import { createMemberSession } from "./member-session.ts";
import { findMemberByEmail, normalizeEmail } from "#worker/features/members/members.ts";
import { limitKey, networkLimits } from "#worker/shared/rate-limit.ts";
import { resetStrictCount, takeStrictCount, takeStrictCounts } from "#worker/shared/strict-counter.ts";
import { spendPasswordWork, verifyPassword } from "./password.ts";

export type PasswordSignInResult =
  | { ok: true; memberId: string; setCookie: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** Sign-in attempts (docs/security.md#rate-limits): strict, per client network and per account. */
const PER_NETWORK = { max: 10, windowMs: 15 * 60_000 };
const PER_ACCOUNT = { max: 5, windowMs: 15 * 60_000 };

/**
 * Email and password sign-in (docs/product-rules.md#sign-in). Limits come first and count every attempt, for known and
 * unknown emails alike; an unknown email, a member without a password or one who is not active
 * costs the same password work as a wrong password, so neither the answer nor its timing says
 * whether an email belongs to a member. Success starts a new session (a fresh token each time).
 */
export async function signInWithPassword(
  { env, config, signingKey, clientNetwork, logSecurityEvent: log }: RequestContext,
  input: { email: string; password: string },
  now: number = Date.now(),
): Promise<PasswordSignInResult> {
  const email = normalizeEmail(input.email);
  const multiplier = config.FORM_RATE_LIMIT_MULTIPLIER;

  const networks = await networkLimits(signingKey, "signin:network", clientNetwork, PER_NETWORK.max * multiplier);
  const accountKey = await limitKey(signingKey, "signin:account", email);
  const network = await takeStrictCounts(env.DB, networks, PER_NETWORK.windowMs, now);
  const account = network.allowed
    ? await takeStrictCount(env.DB, accountKey, PER_ACCOUNT.max * multiplier, PER_ACCOUNT.windowMs, now)
    : network;
  if (!account.allowed) {
    if (account.firstRefusal) {
      log({
        eventType: "excess_rate_limit_exceeded",
        severity: "medium",
        description: network.allowed
          ? "sign-in attempts for one account over the limit"
          : "sign-in attempts from one address over the limit",
      });
    }
    return { ok: false, reason: "rate_limited", retryAfterSeconds: account.retryAfterSeconds };
  }

  const member = await findMemberByEmail(env.DB, email);
  const passwordMatches = member?.passwordHash
    ? await verifyPassword(input.password, member.passwordHash)
    : await spendPasswordWork(input.password);
  if (!member || !passwordMatches || member.status !== "active") {
    log({
      eventType: "authn_login_fail",
      severity: "medium",
      description: "password sign-in refused",
      userId: member?.id ?? null,
      details: { reason: !member ? "unknown_email" : !passwordMatches ? "wrong_password" : `member_${member.status}` },
    });
    return { ok: false, reason: "invalid" };
  }

  await resetStrictCount(env.DB, accountKey);
  const { setCookie } = await createMemberSession(env, member.id, now);
  log({ eventType: "authn_login_success", severity: "low", description: "password sign-in", userId: member.id });
  return { ok: true, memberId: member.id, setCookie };
}
