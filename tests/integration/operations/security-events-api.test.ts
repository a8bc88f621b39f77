import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
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
    expect(metadata.details).toEqual({ detail: "TypeError: x is undefined" });
    expect(metadata.referrer).toBe("https://search.example/");
  });

  it("refuses anything it does not know, writing nothing", async () => {
    for (const body of [{ type: "admin_login", severity: "low" }, { type: "captcha_unavailable", detail: "x".repeat(500) }, null, "text"]) {
      expect((await report(body)).status).toBe(400);
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM security_events").first()).toEqual({ n: 0 });
  });
});
