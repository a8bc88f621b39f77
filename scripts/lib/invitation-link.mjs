import { createHash, randomBytes } from "node:crypto";

/**
 * Invitation links for the operator scripts, made as worker/services/members/invitation-links.ts
 * makes them (tests/unit/operator-scripts.test.ts checks the hashes agree): a random 256-bit
 * token in base64url goes into the link; only its SHA-256 (hex) is stored; 7 days; single use.
 */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * @param {number} [now]
 * @returns {{ token: string; tokenHash: string; expiresAt: string }}
 */
export function newInvitationLink(now = Date.now()) {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token), expiresAt: new Date(now + INVITATION_LIFETIME_MS).toISOString() };
}

/** @param {string} token */
export function hashInvitationToken(token) {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * @param {string} siteUrl
 * @param {string} token
 */
export function invitationUrl(siteUrl, token) {
  return new URL(`/invitation/${token}`, siteUrl).toString();
}
