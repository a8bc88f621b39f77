import { sealSecret, type SealedSecret } from "#worker/shared/sealed-secrets.ts";
import { hmacHex, verifyHmacHex } from "#worker/shared/signing.ts";

/**
 * The applicant's private status link (docs/security.md#application-links): /application#<id>.<hmac>.
 * Nothing is stored: the HMAC with the signing key proves the link, so a copy of the database opens
 * no applicant's page. The token rides after `#`, which browsers never send, so it appears in no
 * request URL or log; the status page posts it and keeps a signed cookie instead.
 */
const PURPOSE = "application-status";
const REQUEST_ID = /^[0-9a-f-]{36}$/;

export async function applicationStatusToken(signingKey: string, requestId: string): Promise<string> {
  return `${requestId}.${await hmacHex(signingKey, `${PURPOSE}:${requestId}`)}`;
}

export async function applicationStatusUrl(siteUrl: string, signingKey: string, requestId: string): Promise<string> {
  return new URL(`/application#${await applicationStatusToken(signingKey, requestId)}`, siteUrl).toString();
}

/** The status link as every email to the applicant carries it: sealed (worker/shared/sealed-secrets.ts). */
export async function sealedApplicationStatusUrl(siteUrl: string, signingKey: string, requestId: string): Promise<SealedSecret> {
  return sealSecret(signingKey, await applicationStatusUrl(siteUrl, signingKey, requestId));
}

/** The request id a token (or the whole pasted link) proves, or null. */
export async function readApplicationStatusToken(signingKey: string, text: string): Promise<string | null> {
  const token = text.trim().split("#").pop()?.trim() ?? "";
  const [requestId, signature, ...rest] = token.split(".");
  if (!requestId || !signature || rest.length > 0 || !REQUEST_ID.test(requestId)) return null;
  return (await verifyHmacHex(signingKey, `${PURPOSE}:${requestId}`, signature)) ? requestId : null;
}
