import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { members, securityEvents } from "#db/schema.ts";
import { searchAuditLog } from "#worker/features/concierge/audit-log.ts";
import { ORIGIN, pageData, send, staffAccount } from "./console-reports-app.ts";

/**
 * The audit log (docs/product-rules.md#audit-log) against the real D1: the search by who acted,
 * what, on whom, words and Portland dates; the pages read by "Older events"; and that nothing but
 * GET (and HEAD) reaches it, so no request edits or deletes an event.
 */
const database = getDatabase(env.DB);

beforeEach(async () => {
  await database.batch([database.delete(members), database.delete(securityEvents)]);
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function event(fields: {
  type: string;
  userId?: string | null;
  description?: string;
  details?: Record<string, unknown>;
  createdAt?: string;
}) {
  return database.insert(securityEvents).values({
    eventType: fields.type,
    severity: "low",
    description: fields.description ?? fields.type.replaceAll("_", " "),
    userId: fields.userId ?? null,
    metadata: { details: fields.details ?? {}, userAgent: "Mozilla/5.0 tier_changed lookalike" },
    ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
  });
}

describe("the audit log's search", () => {
  it("finds staff actions by who acted, what they did, on whom, and words", async () => {
    const elena = await staffAccount("concierge", { name: "Elena Marsh" });
    const theo = await staffAccount("door", { name: "Theo Door" });
    const avery = await staffAccount("member", { name: "Avery Okafor", email: "avery@example.com" });
    const blake = await staffAccount("member", { name: "Blake Stone" });
    await event({ type: "locker_assigned", userId: elena.id, details: { memberId: avery.id, lockerId: "business-P-05" } });
    await event({ type: "locker_assigned", userId: elena.id, details: { memberId: blake.id, lockerId: "business-P-06" } });
    await event({ type: "tier_changed", userId: avery.id, details: { change: "upgraded", to: "platinum" } });
    await event({ type: "payment_recorded", userId: theo.id, details: { payerId: blake.id, amountCents: 500 } });
    await event({ type: "authn_login_success", userId: avery.id });

    const types = async (search: Parameters<typeof searchAuditLog>[1]) =>
      (await searchAuditLog(env.DB, search)).entries.map((entry) => entry.eventType);

    expect(await types({ actorId: elena.id })).toEqual(["locker_assigned", "locker_assigned"]);
    expect(await types({ eventType: "tier_changed" })).toEqual(["tier_changed"]);
    // On whom: named in the details, or the member the event is recorded under.
    expect(await types({ targetIds: [avery.id] })).toEqual(["authn_login_success", "tier_changed", "locker_assigned"]);
    expect(await types({ targetIds: [blake.id] })).toEqual(["payment_recorded", "locker_assigned"]);
    expect(await types({ actorId: elena.id, targetIds: [blake.id] })).toEqual(["locker_assigned"]);
    expect(await types({ targetIds: [] })).toEqual([]);
    // Words: in the description or the details, never the browser's user agent; % and _ are literal.
    expect(await types({ text: "P-06" })).toEqual(["locker_assigned"]);
    expect(await types({ text: "upgraded" })).toEqual(["tier_changed"]);
    expect(await types({ text: "lookalike" })).toEqual([]);
    expect(await types({ text: "%" })).toEqual([]);
  });

  it("keeps to the Portland days asked for, both ends included", async () => {
    await event({ type: "sensitive_read", description: "before", createdAt: "2026-11-02T07:59:59.999Z" }); // Nov 1, 11:59 pm PST
    await event({ type: "sensitive_read", description: "first", createdAt: "2026-11-02T08:00:00.000Z" }); // Nov 2, midnight
    await event({ type: "sensitive_read", description: "last", createdAt: "2026-11-04T07:59:59.999Z" }); // Nov 3, 11:59 pm
    await event({ type: "sensitive_read", description: "after", createdAt: "2026-11-04T08:00:00.000Z" });
    const concierge = await staffAccount("concierge");
    const text = await pageData("/concierge/audit-log?from=2026-11-02&to=2026-11-03", concierge.cookie);
    expect(text).toContain('"first"');
    expect(text).toContain('"last"');
    expect(text).not.toContain('"before"');
    expect(text).not.toContain('"after"');
  });

  it("pages 50 at a time, the newest first, each page older than the last", async () => {
    for (let index = 0; index < 120; index += 1) await event({ type: "sensitive_read", description: `read ${index}` });
    const first = await searchAuditLog(env.DB, {});
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.description).toBe("read 119");
    const second = await searchAuditLog(env.DB, { before: first.olderThan });
    expect(second.entries[0]!.description).toBe("read 69");
    const third = await searchAuditLog(env.DB, { before: second.olderThan });
    expect(third.entries).toHaveLength(20);
    expect(third.olderThan).toBeNull();
  });

  it("finds the member acted on by name or email through the page, and says when no member matches", async () => {
    const concierge = await staffAccount("concierge", { name: "Elena Marsh" });
    const avery = await staffAccount("member", { name: "Avery Okafor", email: "avery@example.com" });
    await event({ type: "locker_assigned", userId: concierge.id, description: "a locker by hand", details: { memberId: avery.id } });
    await event({ type: "delivery_retried", userId: concierge.id, description: "a retry on nobody", details: { outboxId: 3 } });
    const byName = await pageData("/concierge/audit-log?on=okafor", concierge.cookie);
    expect(byName).toContain("a locker by hand");
    expect(byName).not.toContain("a retry on nobody");
    // The member acted on is shown by name.
    expect(byName).toContain("Avery Okafor");
    expect(await pageData("/concierge/audit-log?on=AVERY%40example", concierge.cookie)).toContain("a locker by hand");
    const nobody = await pageData("/concierge/audit-log?on=nobody-here", concierge.cookie);
    expect(nobody).toContain('"targetsFound",0');
    // Malformed filters are dropped, not errors.
    expect((await send("/concierge/audit-log.data?from=yesterday&before=-3&type=DROP%20TABLE", concierge.cookie)).status).toBe(200);
  });

  it("answers long and wildcard-heavy searches normally, taking % and _ literally", async () => {
    const concierge = await staffAccount("concierge", { name: "Elena Marsh" });
    const long = "a".repeat(60);
    await event({ type: "sensitive_read", userId: concierge.id, description: `note ${long}` });
    await event({ type: "sensitive_read", userId: concierge.id, description: "fifty_fifty" });
    await event({ type: "sensitive_read", userId: concierge.id, description: "fiftyXfifty" });
    // D1 refuses a LIKE pattern over 50 bytes: these answered 500 while the log built its own pattern.
    for (const text of ["x".repeat(49), "x".repeat(100), "%".repeat(25), "_".repeat(25), "é".repeat(50)]) {
      for (const field of ["q", "on"]) {
        const response = await send(`/concierge/audit-log.data?${field}=${encodeURIComponent(text)}`, concierge.cookie);
        expect(response.status, `${field}=${text}`).toBe(200);
      }
    }
    const found = (text: string) => searchAuditLog(env.DB, { text }).then(({ entries }) => entries.map((entry) => entry.description));
    expect(await found(long)).toEqual([`note ${long}`]);
    expect(await found("fifty_fifty")).toEqual(["fifty_fifty"]);
    expect(await found("%".repeat(25))).toEqual([]);
  });

  it("leads the old security events address to the audit log, with its filters", async () => {
    const concierge = await staffAccount("concierge");
    const moved = await send("/concierge/security-events?severity=high", concierge.cookie);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/concierge/audit-log?severity=high");
  });
});

describe("the audit log is never edited", () => {
  it("answers every method but GET and HEAD with 405, touching no event, even for a concierge", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const concierge = await staffAccount("concierge");
    await event({ type: "sensitive_read", description: "kept" });
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/concierge/audit-log", "/concierge/audit-log.data", "/concierge/security-events"]) {
        const response = await send(path, concierge.cookie, {
          method,
          headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "delete", id: "1" }).toString(),
        });
        expect(response.status, `${method} ${path}`).toBe(405);
      }
    }
    expect((await send("/concierge/audit-log", concierge.cookie, { method: "HEAD" })).status).toBe(200);
    expect(await database.select({ description: securityEvents.description }).from(securityEvents).all()).toContainEqual({
      description: "kept",
    });
    // No route module of the log exports an action.
    for (const module of [
      await import("#app/features/concierge/routes/audit-log.tsx"),
      await import("#app/features/concierge/routes/security-events.tsx"),
    ]) {
      expect(module).not.toHaveProperty("action");
    }
  });
});
