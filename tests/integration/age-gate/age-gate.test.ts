import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import worker from "#tests/integration/support/worker-under-test.ts";

const origin = "http://example.com";
const sessionId = "3f2b8c1e-9d4a-4e7b-8c2d-1a2b3c4d5e6f";
/** The cookie a browser holds once it has answered 'yes'. */
const answeredYes = { Cookie: "age_gate=verified" };

/**
 * Posts the opener's form and waits for the work the Worker left running after answering (the
 * audit row is written with waitUntil), so "stores nothing" is checked after everything ran.
 */
async function postAnswer(fields: Record<string, string>, headers: Record<string, string> = {}, clientAddress = uniqueClientAddress()) {
  const context = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${origin}/api/age-gate`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: origin,
        "Content-Type": "application/x-www-form-urlencoded",
        "User-Agent": "TestBrowser/1.0",
        "CF-Connecting-IP": clientAddress,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    }),
    env,
    context,
  );
  await waitOnExecutionContext(context);
  return response;
}

const auditRows = () =>
  env.DB.prepare("SELECT session_id, answer, user_agent FROM age_gate_answers ORDER BY id")
    .all()
    .then((result) => result.results);

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM age_gate_answers").run();
});

describe("POST /api/age-gate", () => {
  it("'yes' sets a session cookie, returns the visitor to the page and records the answer", async () => {
    const response = await postAnswer({ answer: "yes", sessionId, returnTo: "/rules?x=1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/rules?x=1");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^age_gate=verified;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(await auditRows()).toEqual([{ session_id: sessionId, answer: "verified", user_agent: "TestBrowser/1.0" }]);
  });

  it("'no' sends the new tab to the quit resources, sets no cookie and records an under-age answer", async () => {
    const response = await postAnswer({ answer: "no", sessionId, returnTo: "/" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("https://smokefree.gov/");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await auditRows()).toMatchObject([{ answer: "under_age" }]);
  });

  it("'enter' marks a visitor who answered 'yes' as entered", async () => {
    const response = await postAnswer({ answer: "enter", sessionId, returnTo: "/" }, answeredYes);
    expect(response.headers.get("Set-Cookie")).toMatch(/^age_gate=entered;/);
    expect(await auditRows()).toMatchObject([{ answer: "entered" }]);
  });

  it.each<Record<string, string>>([{}, { Cookie: "age_gate=forged" }])(
    "refuses 'enter' before the age question was answered (%j): 409, nothing stored",
    async (headers) => {
      const response = await postAnswer({ answer: "enter", sessionId, returnTo: "/" }, headers);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: "Answer the age question first" });
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(await auditRows()).toEqual([]);
    },
  );

  it("accepts the form's content type in any letter case", async () => {
    const response = await postAnswer(
      { answer: "yes", sessionId, returnTo: "/" },
      { "Content-Type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8" },
    );
    expect(response.status).toBe(303);
  });

  it("limits one address to 60 answers per 15 minutes, then answers 429 with Retry-After and stores nothing more", async () => {
    const address = uniqueClientAddress();
    for (let answer = 0; answer < 60; answer += 1) expect((await postAnswer({ answer: "yes", sessionId }, {}, address)).status).toBe(303);
    await env.DB.prepare("DELETE FROM age_gate_answers").run();
    const limited = await postAnswer({ answer: "yes", sessionId }, {}, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await auditRows()).toEqual([]);
  });

  it("answers scripts with the next stage instead of a redirect", async () => {
    const onHome = await postAnswer({ answer: "yes", sessionId, returnTo: "/" }, { Accept: "application/json" });
    expect(onHome.status).toBe(200);
    expect(await onHome.json()).toEqual({ stage: "intro" });
    const deepLink = await postAnswer({ answer: "yes", sessionId, returnTo: "/rules" }, { Accept: "application/json" });
    expect(await deepLink.json()).toEqual({ stage: "passed" });
    const under21 = await postAnswer({ answer: "no", sessionId }, { Accept: "application/json" });
    expect(await under21.json()).toEqual({ stage: "question" });
  });

  it("gives a visitor without a browser session id a server-made one", async () => {
    await postAnswer({ answer: "yes", returnTo: "/" });
    const [row] = (await auditRows()) as Array<{ session_id: string }>;
    expect(row?.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)"])(
    "never redirects off the site (returnTo %s)",
    async (returnTo) => {
      const response = await postAnswer({ answer: "enter", sessionId, returnTo }, answeredYes);
      expect(response.headers.get("Location")).toBe("/");
    },
  );

  it.each([
    [{ answer: "maybe", sessionId }],
    [{ sessionId }],
    [{ answer: "yes", sessionId: "not a session id!" }],
    [{ answer: "yes", sessionId, returnTo: `/${"a".repeat(3000)}` }],
  ])("refuses an invalid answer with 400 and stores nothing (%j)", async (fields) => {
    const response = await postAnswer(fields as Record<string, string>);
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await auditRows()).toEqual([]);
  });

  it("refuses an oversized body with 413 and stores nothing", async () => {
    const response = await postAnswer({ answer: "yes", sessionId, padding: "x".repeat(10_000) });
    expect(response.status).toBe(413);
    expect(await auditRows()).toEqual([]);
  });

  it("refuses JSON or other content types with 415", async () => {
    const response = await postAnswer({}, { "Content-Type": "application/json" });
    expect(response.status).toBe(415);
    expect(await auditRows()).toEqual([]);
  });

  it("refuses a cross-site post with 403", async () => {
    const response = await postAnswer({ answer: "enter", sessionId }, { ...answeredYes, Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("still lets the visitor in when the audit trail cannot be written", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.prepare("ALTER TABLE age_gate_answers RENAME TO age_gate_answers_away").run();
    try {
      const response = await postAnswer({ answer: "enter", sessionId, returnTo: "/" }, answeredYes);
      expect(response.status).toBe(303);
      expect(response.headers.get("Set-Cookie")).toMatch(/^age_gate=entered;/);
      expect(error).toHaveBeenCalledWith("age gate: audit record failed", expect.anything());
    } finally {
      await env.DB.prepare("ALTER TABLE age_gate_answers_away RENAME TO age_gate_answers").run();
      error.mockRestore();
    }
  });
});
