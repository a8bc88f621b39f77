import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, eq, exists, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { memberPasskeys, members } from "#db/schema.ts";
import { club } from "#app/features/site/site-config.ts";
import type { WorkerConfig } from "#worker/config.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";
import { describeDevice } from "./device-name.ts";
import { sessionCookie, startSessionStatement } from "./member-session.ts";
import { generateSessionToken } from "./session-token.ts";
import { CHALLENGE_LIFETIME_MS, consumeChallenge, storeChallenge } from "./webauthn-challenges.ts";

/**
 * Passkeys (docs/security.md#passkeys, docs/product-rules.md#sign-in): registration for a
 * signed-in member and sign-in with any passkey the browser offers (discoverable credentials, so
 * the email field can autofill them). The WebAuthn library is about 94 KiB gzipped, so it is
 * imported here, in the handlers that need it, not with the Worker's first module.
 */
const webauthnLibrary = async () => {
  await reflectMetadata();
  return import("@simplewebauthn/server");
};
const webauthnHelpers = async () => {
  await reflectMetadata();
  return import("@simplewebauthn/server/helpers");
};
/**
 * The library's certificate code (@peculiar/x509, through tsyringe) needs the Reflect metadata
 * polyfill installed before it loads. It imports the polyfill itself, but the production bundle
 * runs that import after tsyringe's check, which would fail every passkey request with a 500 under
 * wrangler (tests/e2e/sign-in/passkeys.spec.ts runs the built Worker); loaded first here, it is in place.
 */
const reflectMetadata = () => import("reflect-metadata");

/** The relying party is the site named in the configuration (SITE_URL), never the request's host. */
export function relyingParty(config: Pick<WorkerConfig, "SITE_URL">) {
  const site = new URL(config.SITE_URL);
  return { id: site.hostname, origin: site.origin, name: club.name };
}

type PasskeyEnv = Pick<Env, "DB">;

export async function registrationOptions(
  env: PasskeyEnv,
  config: Pick<WorkerConfig, "SITE_URL">,
  member: Pick<MemberRow, "id" | "email" | "name" | "webauthnUserId">,
  now: number = Date.now(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const [{ generateRegistrationOptions }, { isoBase64URL }] = await Promise.all([webauthnLibrary(), webauthnHelpers()]);
  const rp = relyingParty(config);
  const database = getDatabase(env.DB);
  const [userHandle, existing] = await Promise.all([
    member.webauthnUserId ?? webauthnUserHandle(env.DB, member.id),
    database
      .select({ id: memberPasskeys.id, transports: memberPasskeys.transports })
      .from(memberPasskeys)
      .where(eq(memberPasskeys.memberId, member.id))
      .all(),
  ]);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.email,
    userDisplayName: member.name,
    userID: isoBase64URL.toBuffer(userHandle),
    timeout: CHALLENGE_LIFETIME_MS,
    // No attestation: we trust the member's own device, and checking attestation would mean
    // fetching certificate lists from the Worker.
    attestationType: "none",
    // The member's passkeys already on this authenticator are not made twice.
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: parseTransports(passkey.transports) })),
    // Sign-in never asks for an email first, so a passkey must be discoverable; and it stands
    // alone (no password), so the device must verify the person (PIN, fingerprint, face).
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(env.DB, options.challenge, "register", member.id, now);
  return options;
}

/**
 * The member's WebAuthn user handle: 32 random bytes (base64url) chosen at their first passkey and
 * never changed, so it says nothing about them and every passkey of theirs carries the same one.
 * COALESCE keeps the first value when two registrations start at once.
 */
async function webauthnUserHandle(db: D1Database, memberId: string): Promise<string> {
  const { isoBase64URL } = await webauthnHelpers();
  const fresh = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)));
  const [row] = await getDatabase(db)
    .update(members)
    .set({ webauthnUserId: sql`COALESCE(${members.webauthnUserId}, ${fresh})` })
    .where(eq(members.id, memberId))
    .returning({ webauthnUserId: members.webauthnUserId });
  if (!row?.webauthnUserId) throw new Error("passkey registration: the member is gone");
  return row.webauthnUserId;
}

export type RegistrationResult = { ok: true; passkey: { id: string; name: string } } | { ok: false; reason: string };

/**
 * Checks a new passkey against the member's own live registration challenge and stores it with
 * its counter, backup flags and transports, named after the browser that made it. A credential
 * already stored (for this member or another) is refused: it belongs to one member.
 */
export async function verifyRegistration(
  env: PasskeyEnv,
  config: Pick<WorkerConfig, "SITE_URL">,
  request: Request,
  memberId: string,
  response: RegistrationResponseJSON,
  now: number = Date.now(),
): Promise<RegistrationResult> {
  const [{ verifyRegistrationResponse }, { isoBase64URL }] = await Promise.all([webauthnLibrary(), webauthnHelpers()]);
  const rp = relyingParty(config);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => consumeChallenge(env.DB, challenge, "register", memberId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    return { ok: false, reason: refusalReason(error) };
  }
  if (!verification.verified) return { ok: false, reason: "not_verified" };
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const name = describeDevice(request.headers.get("User-Agent"));
  const inserted = await getDatabase(env.DB)
    .insert(memberPasskeys)
    .values({
      id: credential.id,
      memberId,
      name,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports?.length ? JSON.stringify(credential.transports) : null,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      createdAt: now,
    })
    .onConflictDoNothing()
    .run();
  if (inserted.meta.changes !== 1) return { ok: false, reason: "credential_taken" };
  return { ok: true, passkey: { id: credential.id, name } };
}

export async function authenticationOptions(env: PasskeyEnv, config: Pick<WorkerConfig, "SITE_URL">, now: number = Date.now()) {
  const { generateAuthenticationOptions } = await webauthnLibrary();
  // No allowCredentials: the browser offers the member's passkeys for this site (autofill too).
  const options: PublicKeyCredentialRequestOptionsJSON = await generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    userVerification: "required",
    timeout: CHALLENGE_LIFETIME_MS,
  });
  await storeChallenge(env.DB, options.challenge, "sign-in", null, now);
  return options;
}

export type AuthenticationResult =
  { ok: true; memberId: string; session: { token: string; setCookie: string } | null } | { ok: false; reason: string; memberId?: string };

/**
 * Checks a passkey sign-in: a stored credential whose member's user handle it carries, signed over
 * a live sign-in challenge (used up here) for this site, with the person verified. The counter is
 * checked and advanced in one UPDATE (WHERE counter = the value checked), so a counter that goes
 * backwards or a second use racing this one is refused. The session starts in the same D1 batch,
 * only while the member is active and the passkey is still there as this sign-in left it: a
 * removal racing the sign-in leaves no session (docs/security.md#passkeys). Says who signed in, and
 * their new session, or null when none could start (the member is not active, the passkey is gone).
 */
export async function verifyAuthentication(
  env: Pick<Env, "DB" | "ENVIRONMENT">,
  config: Pick<WorkerConfig, "SITE_URL">,
  request: Request,
  response: AuthenticationResponseJSON,
  now: number = Date.now(),
): Promise<AuthenticationResult> {
  const [{ verifyAuthenticationResponse }, { isoBase64URL }] = await Promise.all([webauthnLibrary(), webauthnHelpers()]);
  const rp = relyingParty(config);
  const database = getDatabase(env.DB);
  const stored = await database
    .select({ passkey: memberPasskeys, status: members.status, userHandle: members.webauthnUserId })
    .from(memberPasskeys)
    .innerJoin(members, eq(members.id, memberPasskeys.memberId))
    .where(eq(memberPasskeys.id, response.id))
    .get();
  if (!stored) return { ok: false, reason: "unknown_credential" };
  const { passkey } = stored;
  // A discoverable credential always returns the user handle it was made with.
  if (response.response.userHandle !== stored.userHandle) return { ok: false, reason: "user_handle_mismatch", memberId: passkey.memberId };

  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => consumeChallenge(env.DB, challenge, "sign-in", null, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: parseTransports(passkey.transports),
      },
      requireUserVerification: true,
    });
  } catch (error) {
    return { ok: false, reason: refusalReason(error), memberId: passkey.memberId };
  }
  if (!verification.verified) return { ok: false, reason: "not_verified", memberId: passkey.memberId };

  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const token = generateSessionToken();
  const [updated, started] = await database.batch([
    database
      .update(memberPasskeys)
      .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: now })
      .where(and(eq(memberPasskeys.id, passkey.id), eq(memberPasskeys.counter, passkey.counter))),
    startSessionStatement(database, {
      tokenHash: await sha256Hex(token),
      memberId: passkey.memberId,
      method: "passkey",
      device: describeDevice(request.headers.get("User-Agent")),
      now,
      alsoRequire: exists(
        database
          .select({ id: memberPasskeys.id })
          .from(memberPasskeys)
          .where(
            and(
              eq(memberPasskeys.id, passkey.id),
              eq(memberPasskeys.memberId, members.id),
              eq(memberPasskeys.counter, newCounter),
              eq(memberPasskeys.lastUsedAt, now),
            ),
          ),
      ),
    }),
  ]);
  if (updated.meta.changes !== 1) return { ok: false, reason: "counter_changed", memberId: passkey.memberId };
  const session = started.meta.changes === 1 ? { token, setCookie: sessionCookie(env.ENVIRONMENT, token) } : null;
  return { ok: true, memberId: passkey.memberId, session };
}

/** Stored transports are a JSON array of strings; anything else reads as none. */
function parseTransports(stored: string | null): string[] | undefined {
  if (!stored) return undefined;
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string") : undefined;
  } catch {
    return undefined;
  }
}

/** A short, fixed reason for the security log: the library's messages quote the response's own values. */
function refusalReason(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  if (/challenge/i.test(message)) return "challenge";
  if (/origin/i.test(message)) return "origin";
  if (/RP ID/i.test(message)) return "rp_id";
  if (/counter/i.test(message)) return "counter";
  if (/verif/i.test(message)) return "user_verification";
  return "invalid_response";
}
