import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { InvitationDialogProvider } from "#app/features/executive-invitation/invitation-dialog.tsx";
import { AuthProvider, type AuthUser } from "#app/features/sign-in/auth.tsx";
import { MainMenuProvider } from "#app/shell/main-menu.tsx";
import { SiteFooter } from "#app/shell/site-footer.tsx";
import { SiteHeader } from "#app/shell/site-header.tsx";

/** The header and the footer as the server renders them (docs/product-rules.md#layout-header-and-footer). */
function render(user: AuthUser | null): string {
  const Page = () => (
    <AuthProvider auth={{ user, session: user ? { expiresAt: Date.now() + 3_600_000 } : null }}>
      <MainMenuProvider>
        <InvitationDialogProvider siteKey="">
          <SiteHeader />
          <SiteFooter />
        </InvitationDialogProvider>
      </MainMenuProvider>
    </AuthProvider>
  );
  const Stub = createRoutesStub([{ path: "/", Component: Page }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] })).replaceAll("<!-- -->", "");
}

const part = (html: string, start: string, end: string): string => {
  const from = html.indexOf(start);
  expect(from, `${start} is rendered`).toBeGreaterThanOrEqual(0);
  return html.slice(from, html.indexOf(end, from) + end.length);
};

const member: AuthUser = { id: "m-1", email: "member@example.com", name: "Ada Member", tier: "business", role: "member" };

describe("the header's menu", () => {
  it("is a closed disclosure, so it opens without a script, with no aria-expanded a script has not set", () => {
    const html = render(null);
    const disclosure = part(html, "<details", "</details>");
    expect(disclosure).toMatch(/^<details id="main-menu-disclosure"[^>]*>/);
    expect(disclosure).not.toMatch(/^<details[^>]* open[ =>]/);
    const summary = part(disclosure, "<summary", ">");
    expect(summary).toContain('role="button"');
    expect(summary).toContain('aria-controls="main-menu"');
    expect(summary).not.toContain("aria-expanded");
    // Both names are there; the disclosure's state shows one (app/app.css, menu-open).
    expect(disclosure).toContain("Menu</span>");
    expect(disclosure).toContain("Close menu</span>");
    expect(html).toContain('<nav id="main-menu" aria-label="Main"');
  });
});

describe("the header's calls to action", () => {
  it("are a visitor's 'Executive Access' and 'Member Login', beside the navigation, not in it", () => {
    const html = render(null);
    const header = part(html, "<header", "</header>");
    expect(header).toContain('data-audience="visitor"');
    expect(header).toContain("Executive Access");
    expect(header).toContain('href="/auth"');
    const nav = part(header, '<nav id="main-menu"', "</nav>");
    expect(nav).not.toContain("Executive Access");
    expect(nav).not.toContain("Member Login");
  });

  it("are a member's 'Sign Out' alone, and a concierge's navigation has one more link", () => {
    const header = part(render(member), "<header", "</header>");
    expect(header).toContain('data-audience="member"');
    expect(header).toContain("Sign Out");
    expect(header).not.toContain("Executive Access");
    expect(header).not.toContain("Member Login");
    expect(part(header, '<nav id="main-menu"', "</nav>")).not.toContain("Sign Out");

    const concierge = part(render({ ...member, role: "concierge" }), "<header", "</header>");
    expect(concierge).toContain('data-audience="concierge"');
    expect(part(concierge, '<nav id="main-menu"', "</nav>")).toContain('href="/concierge"');
  });
});

describe("the footer", () => {
  it("offers a visitor 'Request Executive Access', and everyone 'Contact the Concierge', the contact page", () => {
    const visitor = part(render(null), "<footer", "</footer>");
    expect(visitor).toContain("Request Executive Access");
    expect(visitor).toMatch(/<a[^>]*href="\/contact"[^>]*>Contact the Concierge<\/a>/);

    const signedIn = part(render(member), "<footer", "</footer>");
    expect(signedIn).not.toContain("Request Executive Access");
    expect(signedIn).toMatch(/<a[^>]*href="\/contact"[^>]*>Contact the Concierge<\/a>/);
  });
});
