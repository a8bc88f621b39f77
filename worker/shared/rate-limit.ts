/**
 * The form rate limiter (`check_form_rate_limit` in the original product; docs/security.md#rate-limits): at most `maxSubmissions` per
 * `timeWindowMinutes` for one user identifier and form type, counted in KV (`RATE_LIMITS`).
 *
 * KV counters are approximate (README, "Rate limits"): reads are cached at the edge and the
 * read-modify-write is not atomic, so a burst of simultaneous requests can get past the limit
 * entirely (`npm run load`: 20 of 20 at a limit of 5). They hold for a steady stream, which is
 * what spam protection of free forms needs, and each invitation also needs its own verified,
 * single-use captcha pass. Limits that protect money or accounts (SMS sends, code checks,
 * sign-in) use strict counters in D1 instead.
 */
export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the current window ends: the answer's Retry-After when not allowed. */
  retryAfterSeconds: number;
}

export async function checkFormRateLimit(
  kv: KVNamespace,
  userIdentifier: string,
  formType: string,
  maxSubmissions = 5,
  timeWindowMinutes = 15,
  now: number = Date.now(),
): Promise<RateLimitDecision> {
  const windowMs = timeWindowMinutes * 60_000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  const key = `form:${formType}:${userIdentifier}:${windowStart}`;

  const count = Number((await kv.get(key)) ?? "0");
  if (count >= maxSubmissions) return { allowed: false, retryAfterSeconds };
  try {
    // KV's shortest TTL is 60 s; the key only has to outlive its window.
    await kv.put(key, String(count + 1), { expirationTtl: Math.max(60, Math.ceil(windowMs / 1000) + 60) });
  } catch (error) {
    // KV takes one write per second per key: two answers from one address within a second (the
    // age gate's 'yes' and 'enter') can be refused. A count missed now and then weakens spam
    // protection a little; failing the visitor's request would be worse.
    console.warn("rate limit: KV write refused, request let through", formType, error);
  }
  return { allowed: true, retryAfterSeconds };
}
