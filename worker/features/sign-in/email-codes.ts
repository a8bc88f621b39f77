import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { members, outbox, signInCodes } from "#db/schema.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { findMemberByEmail, normalizeEmail } from "#worker/features/members/members.ts";
import { verifyCaptcha } from "#worker/features/executive-invitation/captcha/verify-captcha.ts";
import { clientAddress } from "#worker/shared/client-address.ts";
import { deliverOutboxMessage } from "#worker/shared/outbox.ts";
import { limitKey, networkLimits, type Limit } from "#worker/shared/rate-limit.ts";
import { sealSecret } from "#worker/shared/sealed-secrets.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { cookieHeader, expiredCookieHeader, readCookie, type CookieOptions } from "#worker/shared/cookies.ts";
import { peekStrictCount, resetStrictCount, takeStrictCount, takeStrictCounts } from "#worker/shared/strict-counter.ts";
import { SIGN_IN_CODE_CAPTCHA_ACTION } from "#app/features/sign-in/sign-in-step.ts";
import { startMemberSession } from "./member-session.ts";
import { randomToken } from "./session-token.ts";
import { signInCodeEmail } from "./sign-in-code-email.ts";

/**
 * Sign-in by a one-time code sent by email (docs/product-rules.md#sign-in, docs/security.md#emailed-codes).
 * Each code is bound to the browser that asked for it: the request sets a random cookie
 * (CODE_BROWSER_COOKIE), and a check counts only with it, so one live code per (email, browser) (a
 * new request from the same browser replaces it) and no one else's requests or wrong tries touch
 * it. 6 digits, 10 minutes, single use, at most CODE_MAX_TRIES tries. D1 keeps only keyed hashes:
 * the row's key is an HMAC of the normalised email and the browser's cookie value, and its code an
 * HMAC of the code, both under a key derived from the signing key for this use alone. A row is
 * written for every email asked about, and the answer is the same whether or not the email belongs
 * to a member; only active and suspended members are emailed.
 */
export const CODE_DIGITS = 6;
export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;

/**
 * The limits (docs/security.md#rate-limits), strict D1 counters taken before any other work, each
 * times FORM_RATE_LIMIT_MULTIPLIER. A network's budget fits a lounge's Wi-Fi on an event night
 * (forty members behind one address, each asking for a code or two and typing it once or twice).
 * Above an email's overall ceiling, and once an email has had wrongCodesPerEmail wrong codes, a
 * captcha pass is asked for instead of a refusal, so a stranger cannot keep the member out and
 * guessing costs a captcha per CODE_MAX_TRIES guesses.
 */
export const CODE_LIMITS = {
  requestsPerNetwork: { max: 100, windowMs: 15 * 60_000 },
  requestsPerEmailAndNetwork: { max: 5, windowMs: 15 * 60_000 },
  requestsPerEmail: { max: 10, windowMs: 60 * 60_000 },
  checksPerNetwork: { max: 200, windowMs: 15 * 60_000 },
  checksPerEmailAndNetwork: { max: 15, windowMs: 15 * 60_000 },
  /** Wrong codes for one email, every browser and network: at this count a code request needs a captcha pass. */
  wrongCodesPerEmail: { max: 20, windowMs: 24 * 60 * 60_000 },
} as const;

/**
 * The cookie that binds a code to the browser that asked for it (docs/security.md#emailed-codes):
 * HttpOnly, Secure, SameSite=Lax, Path=/, `__Host-` in production like the session cookie; it
 * lives as long as a code. Its value is 256 random bits, kept while well-formed so a second
 * request from the same browser replaces that browser's code.
 */
const CODE_BROWSER_COOKIE = { production: "__Host-ember_code_browser", development: "ember_code_browser" } as const;
const CODE_BROWSER_COOKIE_OPTIONS: CookieOptions = { path: "/", httpOnly: true, secure: true, sameSite: "Lax" };
const CODE_BROWSER_BYTES = 32;
const CODE_BROWSER_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function codeBrowserCookieName(environment: string): string {
  return environment === "production" ? CODE_BROWSER_COOKIE.production : CODE_BROWSER_COOKIE.development;
}

/** The request's code-browser value when it is one we could have set, else null. */
function codeBrowserOf(request: Request, environment: string): string | null {
  const value = readCookie(request, codeBrowserCookieName(environment));
  return value && CODE_BROWSER_SHAPE.test(value) ? value : null;
}

export type CodeRequestResult =
  { status: "sent"; setCookie: string } | { status: "captcha_needed" } | { status: "rate_limited"; retryAfterSeconds: number };

export type CodeCheckResult =
  /** `setCookie` starts the session; `clearCookie` removes the code's browser cookie. */
  | { status: "signed_in"; memberId: string; setCookie: string; clearCookie: string }
  | { status: "paused" }
  | { status: "refused" }
  | { status: "rate_limited"; retryAfterSeconds: number };

/**
 * Asks for a code for `email`. Limits first; then one batch of the same two statements for every
 * email: the code row for this browser (replacing this browser's earlier code for the email), and
 * the email with the code sealed, which the INSERT … SELECT queues only when it finds an active or
 * suspended member with that address. No read before it asks whether the email is a member's, so
 * a member's request runs exactly what a stranger's runs (docs/security.md#emailed-codes: the
 * member's answer once took about 40 ms longer). Delivery starts once the answer has gone
 * (RequestContext.afterAnswer), for every email (the cron retries a failure); a stranger's has
 * nothing to send.
 */
export async function requestSignInCode(
  context: RequestContext,
  input: { email: string; captchaToken?: string | null },
  now: number = Date.now(),
): Promise<CodeRequestResult> {
  const { env, config, signingKey, request, logSecurityEvent: log } = context;
  const email = normalizeEmail(input.email);

  const limited = await takeLimits(context, "request", email, now);
  if (limited) return limited;
  const perEmail = await takeStrictCount(
    env.DB,
    await limitKey(signingKey, "signin-code:request:email", email),
    CODE_LIMITS.requestsPerEmail.max * config.FORM_RATE_LIMIT_MULTIPLIER,
    CODE_LIMITS.requestsPerEmail.windowMs,
    now,
  );
  // Many wrong codes for this email, from anywhere, ask for a captcha too: guessing then costs one per CODE_MAX_TRIES guesses.
  const wrongCodes = await peekStrictCount(env.DB, await wrongCodesKey(signingKey, email), now);
  const wrongCodesCeiling = CODE_LIMITS.wrongCodesPerEmail.max * config.FORM_RATE_LIMIT_MULTIPLIER;
  if (!perEmail.allowed || wrongCodes >= wrongCodesCeiling) {
    if (!input.captchaToken) return { status: "captcha_needed" };
    const verdict = await verifyCaptcha(config, env, {
      token: input.captchaToken,
      expectedAction: SIGN_IN_CODE_CAPTCHA_ACTION,
      remoteIp: clientAddress(request),
    });
    if (!verdict.success) {
      log({
        eventType: "authn_captcha_fail",
        severity: "medium",
        description: "sign-in code captcha failed",
        details: { reason: verdict.error, score: verdict.score },
      });
      return { status: "captcha_needed" };
    }
  }

  const browser = codeBrowserOf(request, env.ENVIRONMENT) ?? randomToken(CODE_BROWSER_BYTES);
  const setCookie = cookieHeader(codeBrowserCookieName(env.ENVIRONMENT), browser, {
    ...CODE_BROWSER_COOKIE_OPTIONS,
    maxAge: CODE_LIFETIME_MS / 1000,
  });
  const keys = await codeKeys(signingKey);
  const emailKey = await keys.emailKey(email, browser);
  const code = newSignInCode();
  const codeHash = await keys.codeHash(emailKey, code);
  // Sealed for every email, so a member's request does no more work before the batch than a stranger's.
  const message = signInCodeEmail(await sealSecret(signingKey, code));

  const database = getDatabase(env.DB);
  const [, [queued]] = await database.batch([
    database
      .insert(signInCodes)
      .values({ emailKey, codeHash, attempts: 0, expiresAt: now + CODE_LIFETIME_MS, createdAt: now })
      .onConflictDoUpdate({
        target: signInCodes.emailKey,
        set: { codeHash, attempts: 0, expiresAt: now + CODE_LIFETIME_MS, createdAt: now },
      }),
    // Only active and suspended members are emailed; the statement decides, the same for every email.
    database
      .insert(outbox)
      .select(
        database
          .select(insertSelectRow(outbox, { channel: "email", recipient: email, subject: message.subject, body: message.body }))
          .from(members)
          .where(and(eq(members.email, email), inArray(members.status, ["active", "suspended"]))),
      )
      .returning({ id: outbox.id }),
  ]);
  // Started once the answer has gone, for every email: nothing of it runs while the answer is made.
  context.afterAnswer(() => deliverSignInCode(context, queued?.id ?? null));
  return { status: "sent", setCookie };
}

/** The code's first delivery, run after the answer; nothing for an email that is not a member's. */
async function deliverSignInCode({ env, config, signingKey }: RequestContext, outboxId: number | null): Promise<void> {
  if (outboxId === null) return;
  await deliverOutboxMessage(env.DB, outboxId, emailSender(env.EMAIL, config.EMAIL_FROM, signingKey)).catch((error: unknown) =>
    console.error("sign-in code email: first delivery attempt crashed; the cron will retry", error),
  );
}

/**
 * Checks a code, only for the browser that asked for it (without its cookie, the uniform refusal).
 * A wrong code counts towards the email's wrong-code ceiling, whichever browser sent it. Each try
 * is taken by one UPDATE … attempts + 1 … RETURNING before the comparison (so a sixth try finds
 * nothing, whatever it holds), the comparison is constant-time, and a right
 * code is consumed by one DELETE … RETURNING: of two concurrent right answers one signs in.
 * A right code for a suspended member answers "paused", only then; an active member gets a new
 * session and their email counts as confirmed.
 */
export async function checkSignInCode(
  context: RequestContext,
  input: { email: string; code: string },
  now: number = Date.now(),
): Promise<CodeCheckResult> {
  const { env, config, request, signingKey, logSecurityEvent: log } = context;
  const email = normalizeEmail(input.email);
  const limited = await takeLimits(context, "check", email, now);
  if (limited) return limited;

  const refuse = (reason: string, userId: string | null = null): CodeCheckResult => {
    log({ eventType: "authn_login_fail", severity: "medium", description: "sign-in code refused", userId, details: { reason } });
    return { status: "refused" };
  };
  const browser = codeBrowserOf(request, env.ENVIRONMENT);
  if (!browser) return refuse("no_browser_cookie");
  const keys = await codeKeys(signingKey);
  const emailKey = await keys.emailKey(email, browser);
  const database = getDatabase(env.DB);
  const [tried] = await database
    .update(signInCodes)
    .set({ attempts: sql`${signInCodes.attempts} + 1` })
    .where(and(eq(signInCodes.emailKey, emailKey), gt(signInCodes.expiresAt, now), lt(signInCodes.attempts, CODE_MAX_TRIES)))
    .returning({ codeHash: signInCodes.codeHash });
  if (!tried) return refuse("no_live_code");

  const submitted = input.code.replace(/[\s-]/g, "");
  const expected = new TextEncoder().encode(tried.codeHash);
  const given = new TextEncoder().encode(await keys.codeHash(emailKey, submitted));
  // Both are 64 hex digits, so the lengths always match and the comparison reveals nothing.
  if (!workerdSubtle.timingSafeEqual(expected, given)) {
    const { max, windowMs } = CODE_LIMITS.wrongCodesPerEmail;
    await takeStrictCount(env.DB, await wrongCodesKey(signingKey, email), max * config.FORM_RATE_LIMIT_MULTIPLIER, windowMs, now);
    return refuse("wrong_code");
  }

  const [consumed] = await database
    .delete(signInCodes)
    .where(and(eq(signInCodes.emailKey, emailKey), eq(signInCodes.codeHash, tried.codeHash), gt(signInCodes.expiresAt, now)))
    .returning({ emailKey: signInCodes.emailKey });
  if (!consumed) return refuse("already_used");

  const member = await findMemberByEmail(env.DB, email);
  if (!member || member.status === "invited") return refuse("no_member", member?.id ?? null);
  if (member.status === "suspended") {
    log({ eventType: "authn_login_fail", severity: "low", description: "sign-in code for a paused membership", userId: member.id });
    return { status: "paused" };
  }
  const session = await startMemberSession(env, request, member.id, "code", now);
  if (!session) return refuse("member_not_active", member.id);
  await database
    .update(members)
    .set({ emailConfirmedAt: new Date(now).toISOString() })
    .where(eq(members.id, member.id));
  // The member is in: earlier requests for this email no longer count towards its captcha ceiling.
  await resetStrictCount(env.DB, await limitKey(signingKey, "signin-code:request:email", email));
  log({ eventType: "authn_login_success", severity: "low", description: "emailed code sign-in", userId: member.id });
  const clearCookie = expiredCookieHeader(codeBrowserCookieName(env.ENVIRONMENT), CODE_BROWSER_COOKIE_OPTIONS);
  return { status: "signed_in", memberId: member.id, setCookie: session.setCookie, clearCookie };
}

/**
 * The wrong-code count of an email. Not forgotten when the member signs in: the guesses were made
 * all the same (docs/security.md#emailed-codes).
 */
function wrongCodesKey(signingKey: string, email: string) {
  return limitKey(signingKey, "signin-code:wrong:email", email);
}

/** workerd's SubtleCrypto compares in constant time; the DOM typings the project compiles with do not know it. */
const workerdSubtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean };

/** The per-network and per-(email, network) limits of a request or a check; the refusal, or null to go on. */
async function takeLimits(
  { env, config, signingKey, clientNetwork, logSecurityEvent: log }: RequestContext,
  kind: "request" | "check",
  email: string,
  now: number,
): Promise<{ status: "rate_limited"; retryAfterSeconds: number } | null> {
  const multiplier = config.FORM_RATE_LIMIT_MULTIPLIER;
  const perNetwork = kind === "request" ? CODE_LIMITS.requestsPerNetwork : CODE_LIMITS.checksPerNetwork;
  const perEmailAndNetwork = kind === "request" ? CODE_LIMITS.requestsPerEmailAndNetwork : CODE_LIMITS.checksPerEmailAndNetwork;
  const networks: Limit[] = await networkLimits(signingKey, `signin-code:${kind}:network`, clientNetwork, perNetwork.max * multiplier);
  const network = await takeStrictCounts(env.DB, networks, perNetwork.windowMs, now);
  const decision = network.allowed
    ? await takeStrictCount(
        env.DB,
        await limitKey(signingKey, `signin-code:${kind}:email-network`, `${email} ${clientNetwork}`),
        perEmailAndNetwork.max * multiplier,
        perEmailAndNetwork.windowMs,
        now,
      )
    : network;
  if (decision.allowed) return null;
  if (decision.firstRefusal) {
    log({
      eventType: "excess_rate_limit_exceeded",
      severity: "medium",
      description: `sign-in code ${kind === "request" ? "requests" : "checks"} ${network.allowed ? "for one email from one network" : "from one network"} over the limit`,
    });
  }
  return { status: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
}

/** A code of CODE_DIGITS digits, uniform: random 32-bit values at or above the last whole multiple of 10^digits are drawn again. */
export function newSignInCode(): string {
  const range = 10 ** CODE_DIGITS;
  const ceiling = Math.floor(2 ** 32 / range) * range;
  const value = new Uint32Array(1);
  do crypto.getRandomValues(value);
  while (value[0]! >= ceiling);
  return String(value[0]! % range).padStart(CODE_DIGITS, "0");
}

const KEY_PURPOSE = "ember-and-oak/sign-in-code/v1";

/** HMACs under a key derived (HKDF) from the signing key for sign-in codes alone, as sealed-secrets.ts derives its own. */
async function codeKeys(signingKey: string) {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(signingKey), "HKDF", false, ["deriveKey"]);
  const key = await crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(KEY_PURPOSE) },
    material,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
  const hmac = async (message: string) => {
    const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
    return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, "0")).join("");
  };
  return {
    /** The code row's key: the email and the browser's cookie value (base64url, so the ":" between them is unambiguous). */
    emailKey: (email: string, browser: string) => hmac(`browser:${browser}:email:${email}`),
    /** Bound to the row's email key, so a code's hash means nothing under another email. */
    codeHash: (emailKey: string, code: string) => hmac(`code:${emailKey}:${code}`),
  };
}
