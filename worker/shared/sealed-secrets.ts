import { decodeBase64, encodeBase64 } from "./base64.ts";

/**
 * Credentials inside stored messages (docs/security.md#credentials-at-rest). The outbox keeps a
 * message until it is delivered, and a message may carry a credential (an invitation link), but a
 * copy of the database must open no account. So the credential is stored sealed: encrypted with
 * AES-GCM under a key derived from the Worker's signing key (a secret that is never in D1), and
 * opened only by the sender, a moment before the message leaves. A message sealed under a key that
 * has since been rotated can no longer be opened; it waits for a person.
 *
 * A sealed value sits in the stored HTML as `&sealed:<iv>.<ciphertext>;` (standard base64). It
 * cannot be forged by anyone who types into a form: every piece of user text in a stored body is
 * escaped (app/lib/escape-markup.ts), which turns each `&` it holds into `&amp;`, so escaped text
 * never holds `&sealed:`. The template puts the marker in as it is, unescaped.
 */
const SEALED = /&sealed:([A-Za-z0-9+/=]+)\.([A-Za-z0-9+/=]+);/g;
const KEY_PURPOSE = "ember-and-oak/outbox-sealed-secret/v1";

/** A marker made by sealSecret: safe to put into stored HTML as it is. */
export type SealedSecret = string & { readonly __brand: "SealedSecret" };

export class UnsealableSecretError extends Error {
  override name = "UnsealableSecretError";
}

/** The marker that stands for `secret` in a stored text. */
export async function sealSecret(signingKey: string, secret: string): Promise<SealedSecret> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(signingKey), new TextEncoder().encode(secret));
  return `&sealed:${encodeBase64(iv)}.${encodeBase64(new Uint8Array(ciphertext))};` as SealedSecret;
}

/**
 * The text with every sealed marker replaced by its secret, passed through `encode` (the HTML
 * escape, for an email body); throws UnsealableSecretError when one cannot be opened.
 */
export async function unsealSecrets(signingKey: string, text: string, encode: (secret: string) => string): Promise<string> {
  const markers = [...text.matchAll(SEALED)];
  if (markers.length === 0) return text;
  const key = await sealingKey(signingKey);
  const secrets = await Promise.all(
    markers.map(async ([, ivText = "", ciphertextText = ""]) => {
      const iv = decodeBase64(ivText);
      const ciphertext = decodeBase64(ciphertextText);
      if (!iv || !ciphertext) throw new UnsealableSecretError("a sealed secret in this message is malformed");
      try {
        return encode(new TextDecoder().decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv }, key, ciphertext)));
      } catch {
        throw new UnsealableSecretError("a sealed secret in this message cannot be opened with the current APP_SIGNING_KEY");
      }
    }),
  );
  let index = 0;
  return text.replace(SEALED, () => secrets[index++]!);
}
/** HKDF from the signing key, so this key is used for nothing but sealing. */
async function sealingKey(signingKey: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(signingKey), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(KEY_PURPOSE) },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}
