import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const paths = ["/", "/memberships", "/no-such-page", "/api/health", "/api/no-such-endpoint"];

function cspDirectives(response: Response): Map<string, string> {
  const header = response.headers.get("Content-Security-Policy") ?? "";
  return new Map(
    header.split(";").map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name ?? "", values.join(" ")] as const;
    }),
  );
}

describe("security headers", () => {
  it.each(paths)("are on the response to %s", async (path) => {
    const response = await exports.default.fetch(`http://example.com${path}`);
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Permissions-Policy")).toBe("camera=(), microphone=(), geolocation=()");
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(response.headers.has("Content-Security-Policy-Report-Only")).toBe(false);

    const csp = cspDirectives(response);
    expect(csp.get("script-src")).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'$/);
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'none'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("script-src")).not.toContain("unsafe-inline");
  });

  it("use a fresh nonce for every response, the same one the page is rendered with", async () => {
    const first = await exports.default.fetch("http://example.com/");
    const second = await exports.default.fetch("http://example.com/");
    const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(await first.text()).toContain(`nonce="${nonceOf(first)}"`);
  });
});
