import { describe, expect, it, vi } from "vitest";
import { checkFormRateLimit, limitKey, networkLimits } from "#worker/shared/rate-limit.ts";

/** Just enough of a KV namespace: a map, and optionally writes that KV refuses. */
function fakeKv(refuseWrites = false) {
  const values = new Map<string, string>();
  return {
    values,
    get: async (key: string) => values.get(key) ?? null,
    put: async (key: string, value: string) => {
      if (refuseWrites) throw new Error("KV PUT failed: 429 Too Many Requests");
      values.set(key, value);
    },
  } as unknown as KVNamespace & { values: Map<string, string> };
}

const now = Date.parse("2026-11-22T12:05:00Z");

const limit = async (subject: string, scope = "executive_invitation", max = 5) => [
  { key: await limitKey("test-key", scope, subject), max },
];

describe("checkFormRateLimit", () => {
  it("allows as many submissions as the limit says (five here) per 15-minute window, then refuses until the window ends", async () => {
    const kv = fakeKv();
    const limits = await limit("2001:db8::/64");
    for (let submission = 0; submission < 5; submission++) expect((await checkFormRateLimit(kv, limits, 15, now)).allowed).toBe(true);
    const sixth = await checkFormRateLimit(kv, limits, 15, now);
    expect(sixth).toEqual({ allowed: false, retryAfterSeconds: 600, firstRefusal: true, remaining: 0 });
    expect(await checkFormRateLimit(kv, limits, 15, now)).toEqual({
      allowed: false,
      retryAfterSeconds: 600,
      firstRefusal: false,
      remaining: 0,
    });
    expect((await checkFormRateLimit(kv, limits, 15, now + 600_000)).allowed).toBe(true);
  });

  it("counts each identifier and form type on its own", async () => {
    const kv = fakeKv();
    for (let submission = 0; submission < 5; submission++) await checkFormRateLimit(kv, await limit("a"), 15, now);
    expect((await checkFormRateLimit(kv, await limit("b"), 15, now)).allowed).toBe(true);
    expect((await checkFormRateLimit(kv, await limit("a", "age-gate"), 15, now)).allowed).toBe(true);
  });

  it("keys KV by a keyed hash: neither the identifier nor the form's subject appears in a key", async () => {
    const kv = fakeKv();
    await checkFormRateLimit(kv, await limit("203.0.113.7"), 15, now);
    const [key] = [...kv.values.keys()];
    expect(key).toMatch(/^form:executive_invitation:[0-9a-f]{64}:\d+$/);
    expect(key).not.toContain("203.0.113");
  });

  it("allows only while every limit allows: an IPv6 /64 within its /48's higher limit", async () => {
    const kv = fakeKv();
    const ownOf = async (network: string) => networkLimits("test-key", "age-gate", network, 2);
    for (const network of [
      "2001:0db8:0001:0001::/64",
      "2001:0db8:0001:0002::/64",
      "2001:0db8:0001:0003::/64",
      "2001:0db8:0001:0004::/64",
    ]) {
      for (let submission = 0; submission < 2; submission++)
        expect((await checkFormRateLimit(kv, await ownOf(network), 15, now)).allowed).toBe(true);
    }
    expect((await checkFormRateLimit(kv, await ownOf("2001:0db8:0001:0005::/64"), 15, now)).allowed).toBe(false);
    expect((await checkFormRateLimit(kv, await ownOf("2001:0db8:0002:0005::/64"), 15, now)).allowed).toBe(true);
    expect(await ownOf("203.0.113.7")).toHaveLength(1);
  });

  it("lets the request through, with a warning, when KV refuses the write (one write per second per key)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await checkFormRateLimit(fakeKv(true), await limit("a", "age-gate"), 15, now)).toEqual({
      allowed: true,
      retryAfterSeconds: 600,
      firstRefusal: false,
      remaining: 4,
    });
    expect(warn).toHaveBeenCalledWith("rate limit: KV write refused, request let through", "age-gate", expect.any(Error));
    warn.mockRestore();
  });
});
