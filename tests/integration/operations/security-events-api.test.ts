import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { loader } from "#app/features/concierge/routes/audit-log.tsx";
import { requestContext } from "#app/context.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import worker from "#tests/integration/support/worker-under-test.ts";

const origin = "http://example.com";
/** Posts a report and waits for the event the Worker writes after answering. */
async function report(body: unknown, headers: Record<string, string> = {}) {
  const context = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${origin}/api/security-events`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": uniqueClientAddress(), ...headers },
      body: JSON.stringify(body),
    }),
    env,
    context,
  );
  await waitOnExecutionContext(context);
  return response;
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM security_events").run();
});

describe("POST /api/security-events", () => {
  it("records a known client problem with the server's own name, severity and wording", async () => {
    const response = await report({
      type: "invitation_exception",
      detail: "TypeError: x is undefined",
      referrer: "https://search.example/?q=secret",
    });
    expect(response.status).toBe(202);
    const row = await env.DB.prepare("SELECT event_type, severity, description, metadata FROM security_events").first<
      Record<string, string>
    >();
    expect(row).toMatchObject({
      event_type: "invitation_request_error",
      severity: "high",
      description: "the invitation form failed unexpectedly in the browser",
    });
    const metadata = JSON.parse(row!.metadata!);
    expect(metadata.reportedByBrowser).toEqual({ detail: "TypeError: x is undefined", referrer: "https://search.example/" });
    expect(metadata.details).toEqual({});
  });

  it("keeps what the browser wrote apart, on one short line without control or direction characters", async () => {
    const detail = "Error:\n\tfake   \u202eADMIN\u202c\u200b notice\u0007 " + "x".repeat(150);
    expect((await report({ type: "captcha_token_failed", detail, referrer: "https://evil.example/\u202epath?q=1" })).status).toBe(202);
    const row = await env.DB.prepare("SELECT description, metadata FROM security_events").first<Record<string, string>>();
    expect(row!.description).toBe("the browser could not get a captcha token");
    const { reportedByBrowser } = JSON.parse(row!.metadata!);
    expect(reportedByBrowser.detail).toMatch(/^Error: fake ADMIN notice x+…$/);
    expect(reportedByBrowser.detail.length).toBeLessThanOrEqual(101);
    expect(reportedByBrowser.referrer).toBe("https://evil.example/%E2%80%AEpath");
  });

  it("shows the concierge the browser's words under 'Reported by the browser', never in the site's description", async () => {
    await report({ type: "captcha_unavailable", detail: "script blocked", referrer: "https://emberandoak.club/memberships" });
    const context = new RouterContextProvider();
    context.set(requestContext, createRequestContext(env, createExecutionContext(), new Request("http://example.com/concierge/audit-log")));
    const request = new Request("http://example.com/concierge/audit-log");
    const data = await loader({ request, context, params: {}, url: new URL(request.url), pattern: "/concierge/audit-log" } as never);
    expect(data.events[0]).toMatchObject({
      description: "the captcha script did not load in the browser",
      browserReport: 'Reported by the browser: "script blocked" (page https://emberandoak.club/memberships)',
    });
    expect(data.events[0]!.details).not.toContain("script blocked");
  });

  it("refuses anything it does not know, writing nothing", async () => {
    for (const body of [{ type: "admin_login", severity: "low" }, { type: "captcha_unavailable", detail: "x".repeat(500) }, null, "text"]) {
      expect((await report(body)).status).toBe(400);
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM security_events").first()).toEqual({ n: 0 });
  });
});
