import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoCBOR, isoUint8Array } from "@simplewebauthn/server/helpers";

/**
 * A software passkey for the workerd tests: one ES256 key pair, "none" attestation, a discoverable
 * credential that verifies its user (UP, UV) and is synced (backup eligible and backed up). It
 * answers the options the Worker sends the way a browser and authenticator would, and lets a test
 * bend what it signs (origin, RP ID, counter) to check that the Worker refuses it.
 */
export interface SoftAuthenticator {
  credentialId: string;
  /** The signature counter it reported last; each use adds one unless the test names a counter. */
  counter: number;
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides?: { origin?: string; rpId?: string },
  ): Promise<RegistrationResponseJSON>;
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides?: { origin?: string; rpId?: string; counter?: number; userVerified?: boolean },
  ): Promise<AuthenticationResponseJSON>;
}

const FLAG = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attestedCredential: 0x40 };
const encoder = new TextEncoder();

const sha256 = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
const uint32 = (value: number) => new Uint8Array([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);

/** An ECDSA signature as the authenticator sends it: DER, not WebCrypto's r‖s. */
function derSignature(raw: Uint8Array<ArrayBuffer>) {
  const integer = (bytes: Uint8Array<ArrayBuffer>) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
    let trimmed = bytes.slice(start);
    if (trimmed[0]! & 0x80) trimmed = isoUint8Array.concat([new Uint8Array([0]), trimmed]);
    return isoUint8Array.concat([new Uint8Array([2, trimmed.length]), trimmed]);
  };
  const body = isoUint8Array.concat([integer(raw.slice(0, 32)), integer(raw.slice(32))]);
  return isoUint8Array.concat([new Uint8Array([0x30, body.length]), body]);
}

/**
 * `origin` and `rpId` are where the passkey is used; the Worker under test expects its SITE_URL
 * (http://localhost:8787 in wrangler.toml's development vars).
 */
export async function createSoftAuthenticator({ origin = "http://localhost:8787", rpId = "localhost" } = {}): Promise<SoftAuthenticator> {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
  const rawId = crypto.getRandomValues(new Uint8Array(16));
  const credentialId = isoBase64URL.fromBuffer(rawId);
  let userHandle: string | undefined;
  const flags = FLAG.userPresent | FLAG.userVerified | FLAG.backupEligible | FLAG.backedUp;

  const clientData = (type: string, challenge: string, at: string) =>
    encoder.encode(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));

  /** The envelope a browser puts around an authenticator's response, for this one credential. */
  const credential = <Response>(response: Response) => ({
    id: credentialId,
    rawId: credentialId,
    type: "public-key" as const,
    clientExtensionResults: {},
    authenticatorAttachment: "platform" as const,
    response,
  });

  const authenticator: SoftAuthenticator = {
    credentialId,
    counter: 0,
    async register(options, overrides = {}) {
      userHandle = options.user.id;
      const clientDataJSON = clientData("webauthn.create", options.challenge, overrides.origin ?? origin);
      const coseKey = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, isoBase64URL.toBuffer(jwk.x!)],
          [-3, isoBase64URL.toBuffer(jwk.y!)],
        ]),
      );
      const authenticatorData = isoUint8Array.concat([
        await sha256(encoder.encode(overrides.rpId ?? options.rp.id ?? rpId)),
        new Uint8Array([flags | FLAG.attestedCredential]),
        uint32(authenticator.counter),
        new Uint8Array(16),
        new Uint8Array([0, rawId.length]),
        rawId,
        coseKey,
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, never> | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, never>()],
          ["authData", authenticatorData],
        ]),
      );
      return credential({
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal", "hybrid"],
      });
    },
    async authenticate(options, overrides = {}) {
      authenticator.counter = overrides.counter ?? authenticator.counter + 1;
      const clientDataJSON = clientData("webauthn.get", options.challenge, overrides.origin ?? origin);
      const verified = overrides.userVerified ?? true;
      const authenticatorData = isoUint8Array.concat([
        await sha256(encoder.encode(overrides.rpId ?? options.rpId ?? rpId)),
        new Uint8Array([verified ? flags : flags & ~FLAG.userVerified]),
        uint32(authenticator.counter),
      ]);
      const signed = isoUint8Array.concat([authenticatorData, await sha256(clientDataJSON)]);
      const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, signed));
      return credential({
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
        signature: isoBase64URL.fromBuffer(derSignature(raw)),
        userHandle,
      });
    },
  };
  return authenticator;
}
