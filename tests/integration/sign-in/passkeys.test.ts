import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MEMBERSHIP_PAUSED,
  PASSKEY_NOT_ADDED,
  PASSKEY_REFUSED,
  SIGN_IN_AGAIN_TO_ADD_PASSKEY,
} from "#app/features/sign-in/sign-in-messages.ts";
import { setMemberStatus } from "#worker/features/members/members.ts";
import { loadSignedInMember } from "#worker/features/sign-in/member-session.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";
import { clientNetwork } from "#worker/shared/client-address.ts";
import { networkLimits } from "#worker/shared/rate-limit.ts";
import { SIGN_IN_RATE_LIMITED } from "#app/features/sign-in/sign-in-messages.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { createTestMember, signedInAs, type TestMember } from "#tests/integration/support/member-fixtures.ts";
import { createSoftAuthenticator, type SoftAuthenticator } from "#tests/integration/support/soft-authenticator.ts";

/** /api/passkeys with a software authenticator; the Worker's SITE_URL is http://localhost:8787. */
const origin = "http://localhost:8787";
const chromeOnMac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let clientAddress = "";

beforeEach(() => {
  clientAddress = uniqueClientAddress();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function post(path: string, body: unknown, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = {
    Origin: origin,
    "Content-Type": "application/json",
    "CF-Connecting-IP": clientAddress,
    "User-Agent": chromeOnMac,
  };
  if (cookie) headers.Cookie = cookie;
  return exports.default.fetch(new Request(`${origin}/api/passkeys${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
}

async function registrationOptions(cookie: string) {
  const response = await post("/registration/options", {}, cookie);
  expect(response.status).toBe(200);
  return response.json<Parameters<SoftAuthenticator["register"]>[0]>();
}

async function signInOptions() {
  const response = await post("/sign-in/options", {});
  expect(response.status).toBe(200);
  return response.json<Parameters<SoftAuthenticator["authenticate"]>[0]>();
}

/** An active member with one passkey on a fresh software authenticator. */
async function memberWithPasskey(): Promise<{ member: TestMember; authenticator: SoftAuthenticator; cookie: string }> {
  const member = await createTestMember();
  const { cookie } = await signedInAs(member);
  const authenticator = await createSoftAuthenticator();
  const added = await post("/registration", { response: await authenticator.register(await registrationOptions(cookie)) }, cookie);
  expect(added.status).toBe(200);
  return { member, authenticator, cookie };
}

const passkeyRow = (id: string) =>
  env.DB.prepare("SELECT member_id, name, counter, transports, device_type, backed_up, last_used_at FROM member_passkeys WHERE id = ?")
    .bind(id)
    .first<{
      member_id: string;
      name: string;
      counter: number;
      transports: string | null;
      device_type: string;
      backed_up: number;
      last_used_at: number | null;
    }>();

async function expectRefused(response: Response) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: PASSKEY_REFUSED });
  expect(response.headers.get("Set-Cookie")).toBeNull();
}

describe("passkeys (/api/passkeys)", () => {
  it("adds a passkey for the signed-in member with its counter, backup flags, transports and the browser's name", async () => {
    const member = await createTestMember();
    const { cookie } = await signedInAs(member);
    const options = await registrationOptions(cookie);
    expect(options).toMatchObject({
      rp: { id: "localhost", name: "Ember & Oak Society" },
      user: { name: member.email },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
      excludeCredentials: [],
    });
    const stored = await env.DB.prepare("SELECT webauthn_user_id FROM members WHERE id = ?")
      .bind(member.id)
      .first<{ webauthn_user_id: string }>();
    expect(stored!.webauthn_user_id).toBe(options.user.id);
    expect(options.user.id).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const authenticator = await createSoftAuthenticator();
    const added = await post("/registration", { response: await authenticator.register(options) }, cookie);
    expect(added.status).toBe(200);
    expect(added.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await added.json()).toEqual({ passkey: { id: authenticator.credentialId, name: "Chrome on macOS" } });
    expect(await passkeyRow(authenticator.credentialId)).toEqual({
      member_id: member.id,
      name: "Chrome on macOS",
      counter: 0,
      transports: '["internal","hybrid"]',
      device_type: "multiDevice",
      backed_up: 1,
      last_used_at: null,
    });

    // The user handle is chosen once; the member's passkeys are excluded from the next registration.
    const again = await registrationOptions(cookie);
    expect(again.user.id).toBe(options.user.id);
    expect(again.excludeCredentials).toEqual([{ id: authenticator.credentialId, type: "public-key", transports: ["internal", "hybrid"] }]);
  });

  it("signs the member in with the passkey, advancing the stored counter each time, and returns to the page asked for", async () => {
    const { member, authenticator } = await memberWithPasskey();
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]);

    const signedIn = await post("/sign-in", { response: await authenticator.authenticate(options), redirectTo: "/rewards?x=1" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await signedIn.json()).toEqual({ redirectTo: "/rewards?x=1" });
    const cookie = signedIn.headers.get("Set-Cookie")!.split(";")[0]!;
    const session = await loadSignedInMember(new Request(`${origin}/members`, { headers: { Cookie: cookie } }), env);
    expect(session).toMatchObject({ member: { id: member.id }, session: { method: "passkey" } });
    expect(await passkeyRow(authenticator.credentialId)).toMatchObject({ counter: 1, last_used_at: expect.any(Number) });

    const second = await post("/sign-in", {
      response: await authenticator.authenticate(await signInOptions()),
      redirectTo: "https://evil.example/",
    });
    expect(await second.json()).toEqual({ redirectTo: "/" });
    expect((await passkeyRow(authenticator.credentialId))!.counter).toBe(2);

    const third = await post("/sign-in", { response: await authenticator.authenticate(await signInOptions()) });
    expect(await third.json()).toEqual({ redirectTo: "/members" });
  });

  it("refuses a replayed response: each challenge signs in once", async () => {
    const { authenticator } = await memberWithPasskey();
    const response = await authenticator.authenticate(await signInOptions());
    expect((await post("/sign-in", { response })).status).toBe(200);
    await expectRefused(await post("/sign-in", { response }));
  });

  it("lets exactly one of two simultaneous uses of one challenge through", async () => {
    const { authenticator } = await memberWithPasskey();
    const response = await authenticator.authenticate(await signInOptions());
    const answers = await Promise.all(Array.from({ length: 4 }, () => post("/sign-in", { response })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    expect(answers.filter((answer) => answer.headers.get("Set-Cookie"))).toHaveLength(1);
  });

  it("refuses a challenge older than 5 minutes", async () => {
    const { authenticator } = await memberWithPasskey();
    const options = await signInOptions();
    await env.DB.prepare("UPDATE webauthn_challenges SET expires_at = ? WHERE challenge_hash = ?")
      .bind(Date.now() - 1, await sha256Hex(options.challenge))
      .run();
    await expectRefused(await post("/sign-in", { response: await authenticator.authenticate(options) }));
    expect((await passkeyRow(authenticator.credentialId))!.last_used_at).toBeNull();
  });

  it("refuses a response made for another origin or another RP ID, a made-up challenge, or without user verification", async () => {
    const { authenticator } = await memberWithPasskey();
    await expectRefused(
      await post("/sign-in", { response: await authenticator.authenticate(await signInOptions(), { origin: "https://evil.example" }) }),
    );
    await expectRefused(
      await post("/sign-in", { response: await authenticator.authenticate(await signInOptions(), { rpId: "evil.example" }) }),
    );
    await expectRefused(await post("/sign-in", { response: await authenticator.authenticate({ challenge: "bWFkZS11cC1jaGFsbGVuZ2U" }) }));
    await expectRefused(
      await post("/sign-in", { response: await authenticator.authenticate(await signInOptions(), { userVerified: false }) }),
    );
    // Requests that name a different host do not move the relying party: it comes from SITE_URL.
    const elsewhere = await exports.default.fetch(
      new Request("http://evil.example/api/passkeys/sign-in/options", {
        method: "POST",
        headers: { Origin: "http://evil.example", "Content-Type": "application/json", "CF-Connecting-IP": clientAddress },
        body: "{}",
      }),
    );
    expect(await elsewhere.json()).toMatchObject({ rpId: "localhost" });
    expect((await passkeyRow(authenticator.credentialId))!.counter).toBe(0);
  });

  it("refuses a signature counter that goes backwards", async () => {
    const { authenticator } = await memberWithPasskey();
    expect((await post("/sign-in", { response: await authenticator.authenticate(await signInOptions(), { counter: 5 }) })).status).toBe(
      200,
    );
    await expectRefused(await post("/sign-in", { response: await authenticator.authenticate(await signInOptions(), { counter: 4 }) }));
    await expectRefused(await post("/sign-in", { response: await authenticator.authenticate(await signInOptions(), { counter: 0 }) }));
    expect((await passkeyRow(authenticator.credentialId))!.counter).toBe(5);
  });

  it("keeps a credential to one member, and refuses a passkey presented with another member's user handle", async () => {
    const { member, authenticator } = await memberWithPasskey();
    const other = await createTestMember();
    const { cookie: otherCookie } = await signedInAs(other);
    const taken = await post(
      "/registration",
      { response: await authenticator.register(await registrationOptions(otherCookie)) },
      otherCookie,
    );
    expect(taken.status).toBe(400);
    expect(await taken.json()).toEqual({ error: PASSKEY_NOT_ADDED });
    expect((await passkeyRow(authenticator.credentialId))!.member_id).toBe(member.id);
    // The authenticator now carries the other member's handle for this credential.
    await expectRefused(await post("/sign-in", { response: await authenticator.authenticate(await signInOptions()) }));
  });

  it("answers an unknown passkey exactly as any other refusal", async () => {
    const stranger = await createSoftAuthenticator();
    await stranger.register(await registrationOptions((await signedInAs(await createTestMember())).cookie));
    await expectRefused(await post("/sign-in", { response: await stranger.authenticate(await signInOptions()) }));
  });

  it("starts no session when the passkey is removed while its sign-in is being checked", async () => {
    const { member, authenticator } = await memberWithPasskey();
    const response = await authenticator.authenticate(await signInOptions());
    // The removal (the devices page, on another device) lands once the signature has been checked:
    // at the next hashing, which is the new session's token.
    const { subtle } = crypto;
    const [verify, digest] = [subtle.verify.bind(subtle), subtle.digest.bind(subtle)];
    let signatureChecked = false;
    vi.spyOn(subtle, "verify").mockImplementation(async (...args) => {
      signatureChecked = true;
      return verify(...args);
    });
    vi.spyOn(subtle, "digest").mockImplementation(async (...args) => {
      if (signatureChecked) {
        signatureChecked = false;
        await env.DB.prepare("DELETE FROM member_passkeys WHERE id = ?").bind(authenticator.credentialId).run();
      }
      return digest(...args);
    });
    await expectRefused(await post("/sign-in", { response }));
    expect(await passkeyRow(authenticator.credentialId)).toBeNull();
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM member_sessions WHERE member_id = ? AND method = 'passkey'").bind(member.id).first(),
    ).toEqual({ n: 0 });
  });

  it("tells a suspended member, after the passkey proved who they are, that the membership is paused", async () => {
    const { member, authenticator } = await memberWithPasskey();
    await setMemberStatus(env.DB, member.id, "suspended");
    const answer = await post("/sign-in", { response: await authenticator.authenticate(await signInOptions()) });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: MEMBERSHIP_PAUSED });
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });

  it("adds passkeys only in a session begun in the last 10 minutes: a stolen older session cannot become a passkey", async () => {
    const member = await createTestMember();
    const now = Date.now();
    const older = await signedInAs(member, { now: now - 10 * 60_000 });
    const recent = await signedInAs(member, { now: now - 9 * 60_000 });
    const authenticator = await createSoftAuthenticator();

    const refusedOptions = await post("/registration/options", {}, older.cookie);
    expect(refusedOptions.status).toBe(403);
    expect(await refusedOptions.json()).toEqual({ error: SIGN_IN_AGAIN_TO_ADD_PASSKEY });
    // Options from a recent session do not let the older one finish the registration.
    const options = await registrationOptions(recent.cookie);
    const refused = await post("/registration", { response: await authenticator.register(options) }, older.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: SIGN_IN_AGAIN_TO_ADD_PASSKEY });
    expect(await passkeyRow(authenticator.credentialId)).toBeNull();

    const added = await post("/registration", { response: await authenticator.register(options) }, recent.cookie);
    expect(added.status).toBe(200);
  });

  it("adds passkeys only for a signed-in member, with a challenge made for that member", async () => {
    const noSession = await post("/registration/options", {});
    expect(noSession.status).toBe(401);
    const authenticator = await createSoftAuthenticator();
    const member = await createTestMember();
    const { cookie } = await signedInAs(member);
    const options = await registrationOptions(cookie);
    expect((await post("/registration", { response: await authenticator.register(options) })).status).toBe(401);

    // Another member's registration challenge does not add a passkey to this one.
    const other = await signedInAs(await createTestMember());
    const refused = await post(
      "/registration",
      { response: await authenticator.register(await registrationOptions(cookie)) },
      other.cookie,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: PASSKEY_NOT_ADDED });
    // A sign-in challenge is not a registration challenge.
    const signInChallenge = await post(
      "/registration",
      { response: await authenticator.register({ ...options, challenge: (await signInOptions()).challenge }) },
      cookie,
    );
    expect(signInChallenge.status).toBe(400);
    expect(await passkeyRow(authenticator.credentialId)).toBeNull();
  });

  it("limits sign-in options per network (200 per 15 minutes), and only the options", async () => {
    const { authenticator } = await memberWithPasskey();
    const options = await signInOptions();
    // This network has used its 200: the counter is filled the way 200 requests would fill it.
    const request = new Request(origin, { headers: { "CF-Connecting-IP": clientAddress } });
    const [own] = await networkLimits(
      "test-signing-key-with-at-least-32-characters",
      "passkey-options:network",
      clientNetwork(request)!,
      200,
    );
    await env.DB.prepare("UPDATE strict_counters SET count = 200 WHERE key = ?").bind(own!.key).run();
    const refused = await post("/sign-in/options", {});
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ error: SIGN_IN_RATE_LIMITED });
    // A challenge already given out still signs in.
    expect((await post("/sign-in", { response: await authenticator.authenticate(options) })).status).toBe(200);
  });

  it("signs in with a passkey from a network that has used up every emailed-code limit", async () => {
    const { authenticator } = await memberWithPasskey();
    const request = new Request(origin, { headers: { "CF-Connecting-IP": clientAddress } });
    for (const kind of ["request", "check"]) {
      const [own] = await networkLimits(
        "test-signing-key-with-at-least-32-characters",
        `signin-code:${kind}:network`,
        clientNetwork(request)!,
        1,
      );
      await env.DB.prepare("INSERT OR REPLACE INTO strict_counters (key, count, window_ends_at) VALUES (?, 100000, ?)")
        .bind(own!.key, Date.now() + 15 * 60_000)
        .run();
    }
    expect((await post("/sign-in", { response: await authenticator.authenticate(await signInOptions()) })).status).toBe(200);
  });

  it("takes only JSON", async () => {
    const answer = await exports.default.fetch(
      new Request(`${origin}/api/passkeys/sign-in`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "text/plain" },
        body: "{}",
      }),
    );
    expect(answer.status).toBe(415);
    await expectRefused(await post("/sign-in", { response: { id: "x" } }));
  });
});
