import { verifyCardCode, type CodeVerdict } from "#app/features/card/member-credential.ts";
import type { LoungeSlug, TierSlug } from "#app/features/site/tier-entitlements.ts";
import { entitlementsOf } from "#app/features/site/tier-entitlements.ts";
import type { DoorList, DoorListMember } from "./door-list.ts";

/**
 * The door's verdict (docs/product-rules.md#door), decided on the device with no network: the
 * card's code against the club's public key and the device's clock, then the member against the
 * synced status list. The words are the ones staff read at the door.
 */
export type RefusalReason =
  | "suspended"
  | "dues-lapsed"
  | "not-active"
  | "card-revoked"
  | "card-expired"
  | "too-old"
  | "forged"
  | "not-on-list"
  | "wrong-lounge"
  | "list-too-old";

export const refusalWords: Record<RefusalReason, string> = {
  suspended: "Membership suspended",
  "dues-lapsed": "Dues lapsed",
  "not-active": "Membership not yet active",
  "card-revoked": "Card revoked",
  "card-expired": "Card expired — ask the member to open their card online",
  "too-old": "Code too old — taken more than a minute ago",
  forged: "Not a valid club card — forged or damaged",
  "not-on-list": "Not on the list yet — sync the list, or ask the concierge",
  "wrong-lounge": "Their membership does not open this lounge",
  "list-too-old": "The door's list is more than 12 hours old — connect to sync before admitting",
};

export type DoorVerdict =
  | { admit: true; member: DoorListMember; cardId: string | null; method: "card" | "search"; duesPastDue: boolean }
  | { admit: false; reason: RefusalReason; member: DoorListMember | null };

const codeRefusals: Record<Extract<CodeVerdict, { ok: false }>["reason"], RefusalReason> = {
  unreadable: "forged",
  forged: "forged",
  "from-the-future": "forged",
  "card-expired": "card-expired",
  "too-old": "too-old",
};

/** The member's standing on the list at `lounge`: admitted, or refused with the reason. */
export function memberVerdict(
  list: Pick<DoorList, "members">,
  memberId: string,
  lounge: LoungeSlug,
  via: { method: "card" | "search"; cardId: string | null },
): DoorVerdict {
  const member = list.members.find((candidate) => candidate.id === memberId) ?? null;
  if (!member) return { admit: false, reason: "not-on-list", member: null };
  if (member.status === "suspended") return { admit: false, reason: "suspended", member };
  if (member.status !== "active") return { admit: false, reason: "not-active", member };
  if (member.duesStatus === "lapsed") return { admit: false, reason: "dues-lapsed", member };
  if (!entitlementsOf(member.tier).lounges.includes(lounge)) return { admit: false, reason: "wrong-lounge", member };
  return { admit: true, member, cardId: via.cardId, method: via.method, duesPastDue: member.duesStatus === "past_due" };
}

/** A scanned code's verdict: the credential first (offline, WebCrypto), then the status list. */
export async function scanVerdict(
  clubKey: CryptoKey,
  list: DoorList,
  code: string,
  lounge: LoungeSlug,
  nowSeconds: number,
): Promise<DoorVerdict> {
  const checked = await verifyCardCode(clubKey, code.trim(), nowSeconds);
  // A refused code names no member: its signatures are what a forger would fake.
  if (!checked.ok) return { admit: false, reason: codeRefusals[checked.reason], member: null };
  // The member's standing first: a suspension revokes their cards too, and says more.
  const verdict = memberVerdict(list, checked.memberId, lounge, { method: "card", cardId: checked.cardId });
  if (verdict.admit && list.revokedCardIds.includes(checked.cardId))
    return { admit: false, reason: "card-revoked", member: verdict.member };
  return verdict;
}

export const tierNames: Record<TierSlug, string> = { kickback: "Kickback", business: "Business", platinum: "Platinum" };
export const loungeNames: Record<LoungeSlug, string> = {
  kickback: "Kickback Lounge",
  business: "Business Lounge",
  platinum: "Platinum Lounge",
};

/** Members whose name holds every word of `query`, for the search fallback (offline on the list). */
export function searchMembers(list: Pick<DoorList, "members">, query: string, limit = 8): DoorListMember[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const whole = query.trim().toLowerCase();
  const found = list.members.filter((member) => words.every((word) => member.name.toLowerCase().includes(word)));
  // The name typed in full first, then names starting with it, then the rest (the list's order).
  const rank = (name: string) => (name.toLowerCase() === whole ? 0 : name.toLowerCase().startsWith(whole) ? 1 : 2);
  return found.sort((a, b) => rank(a.name) - rank(b.name)).slice(0, limit);
}
