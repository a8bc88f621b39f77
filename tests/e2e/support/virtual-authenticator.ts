import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { CDPSession, Page } from "@playwright/test";

/**
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) for the passkey tests:
 * a platform authenticator that holds discoverable credentials, verifies its user and answers at
 * once, with synced (backed-up) passkeys. Add it after the page has loaded when the test wants to
 * press a button first: with a credential present, the email field's autofill request answers by
 * itself.
 */
export interface VirtualAuthenticator {
  /** The credentials it holds, private keys included (to carry a passkey into another page). */
  credentials(): Promise<StoredCredential[]>;
  add(credential: StoredCredential): Promise<void>;
  remove(): Promise<void>;
}

export interface StoredCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const client: CDPSession = await page.context().newCDPSession(page);
  await client.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await client.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      defaultBackupEligibility: true,
      defaultBackupState: true,
    },
  });
  return {
    credentials: async () => (await client.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    add: async (credential) => {
      await client.send("WebAuthn.addCredential", { authenticatorId, credential });
    },
    remove: async () => {
      await client.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
      await client.detach();
    },
  };
}

/** A passkey for this site that the site never registered (a new P-256 key, a random id and handle). */
export function passkeyUnknownToTheSite(rpId = "localhost"): StoredCredential {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return {
    credentialId: randomBytes(16).toString("base64"),
    isResidentCredential: true,
    rpId,
    privateKey: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
    userHandle: randomBytes(32).toString("base64"),
    signCount: 0,
  };
}
