import { hmacHex } from "./signing.ts";

/**
 * The client's network address as Cloudflare saw it (docs/security.md#rate-limits): CF-Connecting-IP,
 * never X-Forwarded-For, which the client controls. This exact address is what Google's siteverify
 * expects as `remoteip`.
 */
export function clientAddress(request: Request): string | null {
  return request.headers.get("CF-Connecting-IP")?.trim() || null;
}

/**
 * The network a client speaks from, the unit that rate limits and logs count: the IPv4 address
 * itself, or the IPv6 /64, because an IPv6 client usually owns all 2^64 addresses of its prefix.
 */
export function clientNetwork(request: Request): string | null {
  const address = clientAddress(request);
  if (!address) return null;
  return address.includes(":") ? ipv6Prefix64(address) : address;
}

function ipv6Prefix64(address: string): string {
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = address.includes("::") ? [...headGroups, ...Array(Math.max(missing, 0)).fill("0"), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.padStart(4, "0"))
    .join(":")}::/64`;
}

/**
 * The /48 around an IPv6 /64 (as clientNetwork writes it), or null for IPv4: a subscriber is often
 * given a whole /48, 65,536 /64s, so limits also count the /48, at a higher limit
 * (docs/security.md#rate-limits).
 */
export function widerNetwork(network: string): string | null {
  if (!network.endsWith("::/64")) return null;
  return `${network.split(":").slice(0, 3).join(":")}::/48`;
}

/** A keyed hash of the address for logs: linkable within the club's records, never reversible. */
export async function hashClientAddress(address: string, signingKey: string): Promise<string> {
  return hmacHex(signingKey, `client-address:${address}`);
}
