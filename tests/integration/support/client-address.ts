/**
 * A client address no other test has used, so per-address rate limits never leak between tests.
 * KV keeps its counters for the whole run, and random IPv4 addresses from a /24 collide often
 * enough (birthday problem) to make a limit test fail now and then. Each call gets its own IPv6
 * /48 (limits also count the /48 around a /64) from the documentation range 2001:db8::/32, with
 * this file's random group in the /64, so two test files share a /64 only by a 1 in 65,536 chance.
 */
const [firstBlock, runGroup] = Array.from(crypto.getRandomValues(new Uint16Array(2)));
let issued = 0;

export function uniqueClientAddress(): string {
  issued += 1;
  return `2001:db8:${((firstBlock! + issued) & 0xffff).toString(16)}:${runGroup!.toString(16)}::1`;
}
