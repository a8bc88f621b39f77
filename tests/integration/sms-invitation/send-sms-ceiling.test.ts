import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signingKey, workerConfig } from "#worker/config.ts";
import { limitKey } from "#worker/shared/rate-limit.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { clearSmsTables, count, sendSms } from "#tests/integration/support/sms-requests.ts";

/**
 * The daily ceiling on SMS sends across everyone (docs/security.md#rate-limits): every send costs
 * money, so past SMS_DAILY_CEILING in one UTC day the endpoint refuses, however many networks and
 * numbers the requests come from. Decided by one strict D1 counter, so concurrent sends cannot
 * slip past it.
 */
const ceiling = { SMS_DAILY_CEILING: "3" };

beforeEach(async () => {
  await clearSmsTables();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const highEvents = async () =>
  (
    await env.DB.prepare("SELECT event_type, description FROM security_events WHERE severity = 'high' ORDER BY id").all<{
      event_type: string;
      description: string;
    }>()
  ).results;

describe("the daily ceiling on SMS sends", () => {
  it("lets exactly 3 of 10 concurrent sends (different networks and numbers) through; the rest get the endpoint's 429", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        sendSms(`50355502${10 + index}`, { clientAddress: uniqueClientAddress(), bindings: ceiling }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(await refused.json()).toEqual({ success: false, error: "Too many requests. Please try again later." });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await count("outbox")).toBe(3);
  });

  it("writes one high-severity event when the ceiling is reached, not one per refused send", async () => {
    for (let index = 0; index < 8; index++)
      await sendSms(`50355502${30 + index}`, { clientAddress: uniqueClientAddress(), bindings: ceiling });
    expect(await highEvents()).toEqual([{ event_type: "excess_rate_limit_exceeded", description: "daily ceiling on SMS sends reached" }]);
  });

  it("defaults to 500 a day: with 499 sent today, one more goes and the next is refused", async () => {
    const config = workerConfig(env);
    expect(config.FORM_RATE_LIMIT_MULTIPLIER).toBe(1);
    const day = new Date().toISOString().slice(0, 10);
    const dayKey = await limitKey(signingKey(config), "sms-send:day", day);
    await env.DB.prepare("INSERT INTO strict_counters (key, count, window_ends_at) VALUES (?, 499, ?)")
      .bind(dayKey, Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60_000)
      .run();
    expect((await sendSms("5035550250", { clientAddress: uniqueClientAddress() })).status).toBe(200);
    expect((await sendSms("5035550251", { clientAddress: uniqueClientAddress() })).status).toBe(429);
    expect(await count("outbox")).toBe(1);
  });
});
