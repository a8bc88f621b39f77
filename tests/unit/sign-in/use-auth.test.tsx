import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AuthProvider, useAuth, type AuthUser } from "#app/features/sign-in/auth.tsx";

/** The auth context and its error outside a provider (docs/product-rules.md#sign-in). */
function ShowAuth() {
  const { user, session, loading } = useAuth();
  return createElement("p", null, JSON.stringify({ user: user?.name ?? null, session: session?.expiresAt ?? null, loading }));
}

function renderWithin(auth: Parameters<typeof AuthProvider>[0]["auth"]): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(AuthProvider, { auth, children: createElement(ShowAuth) }) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

const member: AuthUser = { id: "m1", email: "morgan@example.com", name: "Morgan Vale", tier: "business", role: "member" };

describe("useAuth", () => {
  it("throws 'useAuth must be used within an AuthProvider' outside the provider", () => {
    expect(() => renderToString(createElement(ShowAuth))).toThrow("useAuth must be used within an AuthProvider");
  });

  it("knows the member on the first (server) render: loading is already false", () => {
    expect(renderWithin({ user: member, session: { expiresAt: 1_800_000_000_000 } })).toContain(
      JSON.stringify({ user: "Morgan Vale", session: 1_800_000_000_000, loading: false }).replace(/"/g, "&quot;"),
    );
  });

  it("says visitor (no user, no session) without loading when the server said so", () => {
    expect(renderWithin({ user: null, session: null })).toContain(
      JSON.stringify({ user: null, session: null, loading: false }).replace(/"/g, "&quot;"),
    );
  });

  it("is loading while no auth state has reached the page", () => {
    expect(renderWithin(undefined)).toContain("&quot;loading&quot;:true");
  });
});
