import { describe, expect, it, vi } from "vitest";
import { checkFormRateLimit } from "#worker/shared/rate-limit.ts";

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

describe("checkFormRateLimit", () => {
  it("allows five submissions per 15 minutes by default, then refuses until the window ends", async () => {
    const kv = fakeKv();
    for (let submission = 0; submission < 5; submission++)
      expect((await checkFormRateLimit(kv, "2001:db8::/64", "executive_invitation", 5, 15, now)).allowed).toBe(true);
    const sixth = await checkFormRateLimit(kv, "2001:db8::/64", "executive_invitation", 5, 15, now);
    expect(sixth).toEqual({ allowed: false, retryAfterSeconds: 600 });
    expect((await checkFormRateLimit(kv, "2001:db8::/64", "executive_invitation", 5, 15, now + 600_000)).allowed).toBe(true);
  });

  it("counts each identifier and form type on its own", async () => {
    const kv = fakeKv();
    for (let submission = 0; submission < 5; submission++) await checkFormRateLimit(kv, "a", "executive_invitation", 5, 15, now);
    expect((await checkFormRateLimit(kv, "b", "executive_invitation", 5, 15, now)).allowed).toBe(true);
    expect((await checkFormRateLimit(kv, "a", "age-gate", 5, 15, now)).allowed).toBe(true);
  });

  it("lets the request through, with a warning, when KV refuses the write (one write per second per key)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await checkFormRateLimit(fakeKv(true), "a", "age-gate", 5, 15, now)).toEqual({ allowed: true, retryAfterSeconds: 600 });
    expect(warn).toHaveBeenCalledWith("rate limit: KV write refused, request let through", "age-gate", expect.any(Error));
    warn.mockRestore();
  });
});
