import { hmacHex, verifyHmacHex } from "#worker/shared/signing.ts";

/**
 * The signed guest reference (docs/security.md#guest-invitation-links): the invitation to apply that
 * a guest's last visit of the quarter brings carries `?guest=<visit id>.<hmac>` on the request page.
 * The HMAC with the signing key proves the club made it, so a request sent with it is linked to the
 * visit's host as sponsor. It opens nothing: no account, no page, no member's data; a forged or
 * altered one is ignored and the request arrives unlinked.
 */
const PURPOSE = "guest-invitation";
/** A visit id: a UUID, or the 32 hex digits of the visits carried over from the old waivers (migration 0009). */
const VISIT_ID = /^[0-9a-f-]{32,36}$/;

export async function guestReference(signingKey: string, visitId: string): Promise<string> {
  return `${visitId}.${await hmacHex(signingKey, `${PURPOSE}:${visitId}`)}`;
}

export async function guestInvitationUrl(siteUrl: string, signingKey: string, visitId: string): Promise<string> {
  const url = new URL("/schedule-sit-down", siteUrl);
  url.searchParams.set("guest", await guestReference(signingKey, visitId));
  return url.href;
}

/** The visit id a reference proves, or null. */
export async function readGuestReference(signingKey: string, reference: string): Promise<string | null> {
  const [visitId, signature, ...rest] = reference.trim().split(".");
  if (!visitId || !signature || rest.length > 0 || !VISIT_ID.test(visitId)) return null;
  return (await verifyHmacHex(signingKey, `${PURPOSE}:${visitId}`, signature)) ? visitId : null;
}
