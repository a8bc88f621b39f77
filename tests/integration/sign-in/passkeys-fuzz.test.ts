import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PASSKEY_NOT_ADDED, PASSKEY_REFUSED } from "#app/features/sign-in/sign-in-messages.ts";
import {
  type RawBody,
  byteLength,
  expectClearJsonError,
  expectPrototypeUntouched,
  FUZZ_TIMEOUT_MS,
  fuzzParameters,
  fuzzString,
  isJsonContentType,
  jsonBody,
  postApi,
  wrongTypeValue,
} from "#tests/integration/fuzz/fuzz-bodies.ts";
import { createTestMember, signedInAs } from "#tests/integration/support/member-fixtures.ts";

/**
 * Hostile bodies for the passkey endpoints that take a response: whatever arrives, the answer is a
 * clear 4xx (413 over 16 KiB, 415 when not JSON, else the one refusal), never a 500, a session or
 * a stored passkey.
 */
const LIMIT = 16 * 1024;
const base64url = fc.oneof(
  fc.base64String({ maxLength: 200 }).map((text) => text.replace(/[+/=]/g, "")),
  fuzzString,
);
const response = fc.record({
  id: base64url,
  rawId: base64url,
  type: fc.oneof(fc.constant("public-key"), fuzzString),
  clientExtensionResults: fc.oneof(fc.constant({}), wrongTypeValue),
  response: fc.record({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    attestationObject: base64url,
    signature: base64url,
    userHandle: base64url,
  }),
});
const fields = { response: fc.oneof(response, wrongTypeValue), redirectTo: fc.oneof(fuzzString, wrongTypeValue) };
const valid = fc.record({ response, redirectTo: fuzzString });

function expected(raw: RawBody): 400 | 413 | 415 {
  if (byteLength(raw) > LIMIT) return 413;
  if (!isJsonContentType(raw.contentType)) return 415;
  return 400;
}

const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe("passkey endpoints under hostile bodies", () => {
  it("POST /api/passkeys/sign-in refuses every forged or broken body alike", { timeout: FUZZ_TIMEOUT_MS }, async () => {
    const sessions = await count("member_sessions");
    await fc.assert(
      fc.asyncProperty(jsonBody(fields, valid, LIMIT), async (raw) => {
        const answer = await postApi("/api/passkeys/sign-in", raw);
        expect(answer.status).toBe(expected(raw));
        const body = await expectClearJsonError(answer);
        if (answer.status === 400) expect(body).toEqual({ error: PASSKEY_REFUSED });
        expect(answer.headers.get("Set-Cookie")).toBeNull();
        expectPrototypeUntouched();
      }),
      fuzzParameters,
    );
    expect(await count("member_sessions")).toBe(sessions);
  });

  it("POST /api/passkeys/registration stores nothing from a forged or broken body", { timeout: FUZZ_TIMEOUT_MS }, async () => {
    const member = await createTestMember();
    const { cookie } = await signedInAs(member);
    await fc.assert(
      fc.asyncProperty(jsonBody(fields, valid, LIMIT), async (raw) => {
        const answer = await postApi("/api/passkeys/registration", raw, { Cookie: cookie });
        expect(answer.status).toBe(expected(raw));
        const body = await expectClearJsonError(answer);
        if (answer.status === 400) expect(body).toEqual({ error: PASSKEY_NOT_ADDED });
        expectPrototypeUntouched();
      }),
      fuzzParameters,
    );
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM member_passkeys WHERE member_id = ?").bind(member.id).first("n")).toBe(0);
  });
});
