import { and, eq, gt, lte, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { strictCounters } from "#db/schema.ts";
import type { Limit, LimitKey, RateLimitDecision } from "./rate-limit.ts";

/**
 * A strict limit (docs/security.md#rate-limits): counts one use of `key` and says
 * whether it stays within `max` per window. D1 runs each statement alone, and this is one
 * statement (INSERT … ON CONFLICT … RETURNING), so ten concurrent requests get ten different
 * counts and exactly `max` of them are allowed; the one that gets `max + 1` is the window's first
 * refusal, the only one a caller reports. The window is fixed and starts at the first use.
 */
export async function takeStrictCount(
  db: D1Database,
  key: LimitKey,
  max: number,
  windowMs: number,
  now: number = Date.now(),
): Promise<RateLimitDecision> {
  const windowEndsAt = now + windowMs;
  const [row] = await getDatabase(db)
    .insert(strictCounters)
    .values({ key, count: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: strictCounters.key,
      // The count restarts or grows in the same statement that reads it: the builder has no CASE.
      set: {
        count: sql`CASE WHEN ${strictCounters.windowEndsAt} <= ${now} THEN 1 ELSE ${strictCounters.count} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${strictCounters.windowEndsAt} <= ${now} THEN ${windowEndsAt} ELSE ${strictCounters.windowEndsAt} END`,
      },
    })
    .returning({ count: strictCounters.count, windowEndsAt: strictCounters.windowEndsAt });
  const retryAfterSeconds = Math.max(1, Math.ceil((row!.windowEndsAt - now) / 1000));
  return { allowed: row!.count <= max, retryAfterSeconds, firstRefusal: row!.count === max + 1, remaining: Math.max(0, max - row!.count) };
}

/**
 * Takes a count from each limit in turn (a network's own and its /48: rate-limit.ts#networkLimits)
 * and stops at the first that refuses, so a refused request does not count further.
 */
export async function takeStrictCounts(
  db: D1Database,
  limits: readonly Limit[],
  windowMs: number,
  now: number = Date.now(),
): Promise<RateLimitDecision> {
  const decisions: RateLimitDecision[] = [];
  for (const limit of limits) {
    const decision = await takeStrictCount(db, limit.key, limit.max, windowMs, now);
    if (!decision.allowed) return decision;
    decisions.push(decision);
  }
  return {
    allowed: true,
    retryAfterSeconds: Math.max(1, ...decisions.map((decision) => decision.retryAfterSeconds)),
    firstRefusal: false,
    remaining: Math.min(...decisions.map((decision) => decision.remaining)),
  };
}

/** The cron's housekeeping: windows that ended no longer limit anything. */
export async function deleteEndedStrictCounts(db: D1Database, now: number = Date.now()): Promise<void> {
  await getDatabase(db).delete(strictCounters).where(lte(strictCounters.windowEndsAt, now));
}

/**
 * How many uses `key` has in its current window, without counting one (one SELECT): 0 once the
 * window has ended. For a limit that another action fills, e.g. wrong sign-in codes asking for a
 * captcha at the next code request (worker/features/sign-in/email-codes.ts).
 */
export async function peekStrictCount(db: D1Database, key: LimitKey, now: number = Date.now()): Promise<number> {
  const [row] = await getDatabase(db)
    .select({ count: strictCounters.count })
    .from(strictCounters)
    .where(and(eq(strictCounters.key, key), gt(strictCounters.windowEndsAt, now)));
  return row?.count ?? 0;
}

/** Forgets a key's count, e.g. an account's failed sign-ins once the member signs in. */
export async function resetStrictCount(db: D1Database, key: LimitKey): Promise<void> {
  await getDatabase(db).delete(strictCounters).where(eq(strictCounters.key, key));
}
