import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { clearSmsTables, count, sendSms, sendSmsBody } from "#tests/integration/support/sms-requests.ts";

/** POST /api/send-sms with the labelled local stand-in (no Twilio settings in the test env). */
let clientAddress = "";
const printed: string[] = [];

beforeEach(async () => {
  clientAddress = uniqueClientAddress();
  printed.length = 0;
  await clearSmsTables();
  vi.spyOn(console, "info").mockImplementation((line: unknown) => void printed.push(String(line)));
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("POST /api/send-sms (local stand-in)", () => {
  it("stores the opt-in and the code's message, then delivers it, answering {success: true}", async () => {
    const response = await sendSms("5035550142", { clientAddress });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    expect(
      await env.DB.prepare("SELECT phone_number, status FROM sms_opt_ins")
        .all()
        .then((r) => r.results),
    ).toEqual([{ phone_number: "5035550142", status: "sent" }]);
    const message = await env.DB.prepare("SELECT channel, recipient, body, status FROM outbox").first<Record<string, string>>();
    expect(message).toMatchObject({ channel: "sms", recipient: "+15035550142", status: "sent" });
    expect(message!.body).toMatch(/your invitation code is \d{6}\. It expires in 10 minutes\./);
    expect(printed.some((line) => line.includes("[local SMS stand-in, nothing sent] to +15035550142"))).toBe(true);
  });

  const notUsMobile = {
    success: false,
    error: "Please enter a valid 10-digit US phone number.",
    fieldErrors: { phoneNumber: "US mobile numbers only" },
  };
  it.each([
    ["a Canadian number", "4165550123", notUsMobile],
    ["a number with an impossible area code", "1235550100", notUsMobile],
    ["a toll-free number", "8005550100", notUsMobile],
    ["a premium-rate number", "9005550100", notUsMobile],
    ["a formatted number", "(503) 555-0142", notUsMobile],
    ["eleven digits", "15035550142", notUsMobile],
    ["nine digits", "503555014", notUsMobile],
    ["an international number", "+442071234567", notUsMobile],
    // Not a number the site refused but a malformed request: no field to point at.
    ["a number as a JSON number", 5035550142, { success: false, error: "Please enter a valid 10-digit US phone number." }],
  ])("refuses %s with 400, storing and sending nothing", async (_case, phoneNumber, body) => {
    const response = await sendSms(phoneNumber, { clientAddress });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(body);
    expect(await count("sms_opt_ins")).toBe(0);
    expect(await count("outbox")).toBe(0);
    expect(printed).toEqual([]);
  });

  it("refuses another type than 'invitation'", async () => {
    const response = await sendSmsBody({ phoneNumber: "5035550142", type: "marketing" }, { clientAddress });
    expect(response.status).toBe(400);
    expect(await count("outbox")).toBe(0);
  });

  it("allows 3 sends to one number per 10 minutes, even when 10 arrive at once from different addresses", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendSms("5035550177", { clientAddress: uniqueClientAddress() })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(printed.filter((line) => line.includes("+15035550177"))).toHaveLength(3);
    expect(await count("outbox")).toBe(3);
    expect(await count("sms_opt_ins")).toBe(3);
  });

  it("allows 5 sends per client address per 15 minutes, then answers 429 with Retry-After", async () => {
    for (let index = 0; index < 5; index++) expect((await sendSms(`50355501${50 + index}`, { clientAddress })).status).toBe(200);
    const limited = await sendSms("5035550160", { clientAddress });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(await limited.json()).toEqual({ success: false, error: "Too many requests. Please try again later." });
    expect(await count("outbox")).toBe(5);
  });

  it("gives the same answer for a number seen before as for a new one", async () => {
    const first = await sendSms("5035550181", { clientAddress });
    const again = await sendSms("5035550181", { clientAddress: uniqueClientAddress() });
    const fresh = await sendSms("5035550182", { clientAddress: uniqueClientAddress() });
    expect([first.status, again.status, fresh.status]).toEqual([200, 200, 200]);
    expect(await again.text()).toBe(await fresh.text());
  });

  it("logs security events without the phone number or the code", async () => {
    await sendSms("5035550142", { clientAddress });
    await sendSms("12", { clientAddress });
    await vi.waitFor(async () => expect(await count("security_events")).toBe(2));
    const events = await env.DB.prepare("SELECT event_type, severity, ip_hash, metadata FROM security_events ORDER BY id").all<
      Record<string, string>
    >();
    expect(events.results.map((event) => [event.event_type, event.severity])).toEqual(
      expect.arrayContaining([
        ["sms_send_success", "low"],
        ["input_validation_fail", "low"],
      ]),
    );
    const logged = JSON.stringify(events.results);
    expect(logged).not.toMatch(/5035550142|555-0142/);
    expect(logged).not.toContain(clientAddress.split("::")[0]);
  });

  it("answers 415 to a body that is not JSON, and 403 to another origin", async () => {
    const notJson = await exportsFetch({ "Content-Type": "text/plain" });
    expect(notJson.status).toBe(415);
    const crossSite = await exportsFetch({ "Content-Type": "application/json", Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await count("outbox")).toBe(0);
  });

  it("never answers random or malformed bodies with a 5xx", { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              phoneNumber: fc.oneof(fc.string(), fc.stringMatching(/^\d{10}$/), fc.anything()),
              type: fc.oneof(fc.constant("invitation"), fc.string()),
            },
            { requiredKeys: [] },
          ),
          fc.string(),
        ),
        async (body) => {
          const response = await sendSmsBody(typeof body === "string" ? body : JSON.stringify(body ?? null), {
            clientAddress: uniqueClientAddress(),
          });
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});

async function exportsFetch(headers: Record<string, string>) {
  const { exports } = await import("cloudflare:workers");
  return exports.default.fetch("http://example.com/api/send-sms", {
    method: "POST",
    headers: { Origin: "http://example.com", "CF-Connecting-IP": clientAddress, ...headers },
    body: JSON.stringify({ phoneNumber: "5035550142", type: "invitation" }),
  });
}
