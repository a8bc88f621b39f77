import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestContext } from "#app/context.ts";
import { loader as googleCallbackLoader } from "#app/features/sign-in/routes/google-callback.tsx";
import { workerConfig } from "#worker/config.ts";
import { googleClient, startGoogleSignIn } from "#worker/features/sign-in/google-sign-in.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { fakeGoogleTokenEndpoint } from "#tests/fakes/google-oauth.ts";
import { createTestMember } from "#tests/integration/support/member-fixtures.ts";
import { sessionCount } from "./email-codes-support.ts";

/** A suspended member who proves themselves with Google is told the membership is paused; nobody else is. */
const googleEnv = () =>
  ({ ...env, GOOGLE_CLIENT_ID: "client.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "google-secret" }) as unknown as Env;

async function callbackAnswer(): Promise<{ status: number; data: unknown }> {
  const start = startGoogleSignIn(googleClient(workerConfig(googleEnv()))!, {});
  const state = new URL(start.url).searchParams.get("state")!;
  const request = new Request(`http://example.com/auth/google/callback?code=4%2F0Atest&state=${state}`, {
    headers: { Cookie: start.cookies.map((cookie) => cookie.split(";")[0]).join("; ") },
  });
  const ctx = createExecutionContext();
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(googleEnv(), ctx, request));
  try {
    const answer = await googleCallbackLoader({
      request,
      context,
      params: {},
      url: new URL(request.url),
      pattern: "/auth/google/callback",
    } as never);
    const result = answer as unknown as { data: unknown; init: ResponseInit | null };
    return { status: result.init?.status ?? 200, data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null };
    throw thrown;
  } finally {
    await waitOnExecutionContext(ctx);
  }
}

beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe("Google sign-in for a paused membership", () => {
  it("says paused (403) to a suspended member proved by a verified email, without linking or a session", async () => {
    const suspended = await createTestMember({ status: "suspended" });
    fakeGoogleTokenEndpoint({ sub: "google-paused-1", email: suspended.email, email_verified: true });
    expect(await callbackAnswer()).toEqual({ status: 403, data: { paused: true } });
    expect(await sessionCount(suspended.id)).toBe(0);
    expect(await env.DB.prepare("SELECT google_subject FROM members WHERE id = ?").bind(suspended.id).first()).toEqual({
      google_subject: null,
    });
  });

  it("says paused to a suspended member whose Google account is linked", async () => {
    const suspended = await createTestMember({ status: "suspended", googleSubject: "google-paused-2" });
    fakeGoogleTokenEndpoint({ sub: "google-paused-2" });
    expect(await callbackAnswer()).toEqual({ status: 403, data: { paused: true } });
    expect(await sessionCount(suspended.id)).toBe(0);
  });

  it("keeps the uniform 400 for an unverified email of a suspended member, and for a stranger", async () => {
    const suspended = await createTestMember({ status: "suspended" });
    fakeGoogleTokenEndpoint({ sub: "google-paused-3", email: suspended.email, email_verified: false });
    expect(await callbackAnswer()).toEqual({ status: 400, data: { paused: false } });
    vi.restoreAllMocks();
    fakeGoogleTokenEndpoint({ sub: "google-paused-4", email: "stranger@gmail.com", email_verified: true });
    expect(await callbackAnswer()).toEqual({ status: 400, data: { paused: false } });
  });
});
