import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";

const origin = "https://club.example";

function decodeLeniently(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

describe("safeRedirectPath", () => {
  it.each([
    "//evil.com",
    "/\\evil.com",
    "/%09/evil.com",
    "/.//evil.com",
    "/%2F/evil.com",
    "/%5Cevil.com",
    "http:evil.com",
    "javascript:alert(1)",
    "https://evil.com/x",
    "",
    null,
  ])("turns %s into /", (value) => {
    expect(safeRedirectPath(value, origin)).toBe("/");
  });

  it("keeps a same-origin path with its query and fragment", () => {
    expect(safeRedirectPath("/rewards?x=1#top", origin)).toBe("/rewards?x=1#top");
  });

  it("keeps any input on our origin (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.constantFrom("//", "/\\", "\\\\", "http:", "https:")), (value) => {
        const path = safeRedirectPath(value, origin);
        expect(path.startsWith("/")).toBe(true);
        expect(path.startsWith("//")).toBe(false);
        expect(new URL(path, origin).origin).toBe(origin);
        // However a browser resolves it later, it still names our host.
        expect(new URL(decodeLeniently(path.split(/[?#]/)[0] ?? "/").replace(/[\t\n\r]/g, ""), origin).origin).toBe(origin);
      }),
      { numRuns: 2000 },
    );
  });
});
