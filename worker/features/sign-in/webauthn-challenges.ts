import { eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { webauthnChallenges } from "#db/schema.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";

/**
 * WebAuthn challenges (docs/security.md#passkeys): single use and 5 minutes long. D1 keeps
 * only their SHA-256; the statement that uses one deletes it, so the same signed response sent
 * twice, or twice at once, is accepted once.
 */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)["purpose"];

/**
 * Keeps a new challenge (the base64url string the browser will sign) for `purpose`; a
 * registration challenge names the signed-in member it was made for. The daily job deletes the
 * ones past their time (worker/features/operations/data-retention.ts).
 */
export async function storeChallenge(
  db: D1Database,
  challenge: string,
  purpose: ChallengePurpose,
  memberId: string | null,
  now: number = Date.now(),
): Promise<void> {
  await getDatabase(db)
    .insert(webauthnChallenges)
    .values({ challengeHash: await sha256Hex(challenge), purpose, memberId, expiresAt: now + CHALLENGE_LIFETIME_MS });
}

/**
 * Uses up a challenge: true only when it was live, made for `purpose` and (for registration) for
 * this member. One DELETE … RETURNING, so of two requests carrying the same challenge only one
 * gets the row; a challenge offered for the wrong purpose or member is spent all the same.
 */
export async function consumeChallenge(
  db: D1Database,
  challenge: string,
  purpose: ChallengePurpose,
  memberId: string | null,
  now: number = Date.now(),
): Promise<boolean> {
  const [row] = await getDatabase(db)
    .delete(webauthnChallenges)
    .where(eq(webauthnChallenges.challengeHash, await sha256Hex(challenge)))
    .returning();
  return row !== undefined && row.purpose === purpose && row.memberId === memberId && row.expiresAt > now;
}
