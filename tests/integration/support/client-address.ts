/**
 * A client address no other test has used, so per-address rate limits never leak between tests.
 * KV keeps its counters for the whole run, and random IPv4 addresses from a /24 collide often
 * enough (birthday problem) to make a limit test fail now and then. Each call gets its own IPv6
 * /64 (the unit the rate limiter counts), from the documentation range 2001:db8::/32.
 */
let issued = 0;
const runPrefix = crypto.getRandomValues(new Uint16Array(1))[0]!.toString(16);

export function uniqueClientAddress(): string {
  issued += 1;
  return `2001:db8:${runPrefix}:${issued.toString(16)}::1`;
}
