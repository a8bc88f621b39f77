import { widerNetwork } from "./client-address.ts";
import { hmacHex } from "./signing.ts";

/**
 * The form rate limiter (`check_form_rate_limit` in the original product; docs/security.md#rate-limits): at most `max`
 * submissions per `timeWindowMinutes` for each of its limits, counted in KV (`RATE_LIMITS`).
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
  /**
   * True only for the first refusal of a window: the one worth a security event, so a flood of
   * refused requests writes one row, not one per request (docs/security.md#logging).
   */
  firstRefusal: boolean;
  /** Uses left in the window after this one (0 when refused). */
  remaining: number;
}

/**
 * The key of a counter in KV or D1. Only limitKey makes one: a keyed hash (HMAC with the signing
 * key) of what is counted, so no counter ever holds an address, phone number or email
 * (docs/security.md#rate-limits), and a caller cannot pass a raw string by mistake.
 */
export type LimitKey = string & { readonly limitKeyBrand: true };

/** A counter and how many uses it allows per window. */
export interface Limit {
  key: LimitKey;
  max: number;
}

/** How many times a /64's limit its whole /48 gets: enough for a shared office, too little to multiply by 65,536. */
export const WIDER_NETWORK_FACTOR = 4;

/** The key for counting `subject` (a network, phone number, email, id) under `scope`, e.g. "sms-send:phone". */
export async function limitKey(signingKey: string, scope: string, subject: string): Promise<LimitKey> {
  return `${scope}:${await hmacHex(signingKey, `limit:${scope}:${subject}`)}` as LimitKey;
}

/**
 * The limits a client network counts against: its own (IPv4 address or IPv6 /64) at `max`, and
 * for IPv6 also its /48 at WIDER_NETWORK_FACTOR times `max`, so a block of /64s shares one budget.
 */
export async function networkLimits(signingKey: string, scope: string, network: string, max: number): Promise<Limit[]> {
  const wider = widerNetwork(network);
  const own: Limit = { key: await limitKey(signingKey, scope, network), max };
  return wider ? [own, { key: await limitKey(signingKey, scope, wider), max: max * WIDER_NETWORK_FACTOR }] : [own];
}

/** Counts one submission against every limit; allowed only when all of them allow it. */
export async function checkFormRateLimit(
  kv: KVNamespace,
  limits: readonly Limit[],
  timeWindowMinutes = 15,
  now: number = Date.now(),
): Promise<RateLimitDecision> {
  const windowMs = timeWindowMinutes * 60_000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  const keys = limits.map((limit) => `form:${limit.key}:${windowStart}`);
  // KV's shortest TTL is 60 s; the key only has to outlive its window.
  const expirationTtl = Math.max(60, Math.ceil(windowMs / 1000) + 60);

  const counts = await Promise.all(keys.map(async (key) => Number((await kv.get(key)) ?? "0")));
  const refusing = limits.findIndex((limit, index) => counts[index]! >= limit.max);
  if (refusing >= 0) {
    // A refusal is counted once, at the first: later ones find max + 1 and write nothing.
    const firstRefusal = counts[refusing] === limits[refusing]!.max;
    if (firstRefusal) await put(kv, keys[refusing]!, limits[refusing]!.max + 1, expirationTtl);
    return { allowed: false, retryAfterSeconds, firstRefusal, remaining: 0 };
  }
  await Promise.all(keys.map((key, index) => put(kv, key, counts[index]! + 1, expirationTtl)));
  const remaining = Math.min(...limits.map((limit, index) => limit.max - counts[index]! - 1));
  return { allowed: true, retryAfterSeconds, firstRefusal: false, remaining };
}

async function put(kv: KVNamespace, key: string, count: number, expirationTtl: number): Promise<void> {
  try {
    await kv.put(key, String(count), { expirationTtl });
  } catch (error) {
    // KV takes one write per second per key: two answers from one address within a second (the
    // age gate's 'yes' and 'enter') can be refused. A count missed now and then weakens spam
    // protection a little; failing the visitor's request would be worse.
    console.warn("rate limit: KV write refused, request let through", key.split(":")[1], error);
  }
}
