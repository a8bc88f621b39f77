import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ExecutiveAccessButton, InvitationDialogProvider } from "#app/features/executive-invitation/invitation-dialog.tsx";
import { InvitationForm } from "#app/features/executive-invitation/invitation-form.tsx";
import { invitationFieldHints, verifiedInvitationRequestSchema } from "#app/features/executive-invitation/invitation-request.ts";

function render(element: ReactNode, entry = "/executive-access"): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(createElement(Stub, { initialEntries: [entry] })).replaceAll("<!-- -->", "");
}

const pageForm = (shorter: boolean) => (
  <InvitationForm siteKey="" captchaSettled onCaptchaMissing={() => {}} guestReference="abc.def" target={{ kind: "page", shorter }} />
);

describe("the invitation form", () => {
  it("keeps the spec's labels and describes each field with its plain hint", () => {
    const html = render(pageForm(false));
    for (const [label, name] of [
      ["Identity", "name"],
      ["Encrypted Channel", "email"],
      ["Affiliation", "company"],
      ["Your Connection", "invitedBy"],
      ["Encrypted Message", "message"],
    ] as const) {
      expect(html).toContain(`>${label}</label>`);
      expect(html).toContain(`<p id="invitation-${name}-hint" class="mt-1.5 text-sm text-smoke">${invitationFieldHints[name]}</p>`);
      expect(html).toMatch(new RegExp(`id="invitation-${name}"[^>]*aria-describedby="invitation-${name}-hint invitation-${name}-error"`));
    }
    expect(Object.values(invitationFieldHints)).toEqual([
      "Your full name",
      "Your email",
      "Your company or firm",
      "The member who introduced you",
      "What you would like the concierge to know",
    ]);
  });

  it("posts to /executive-access without JavaScript, carrying the guest reference and the honeypot", () => {
    const html = render(pageForm(false));
    const form = /<form [^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/executive-access"');
    expect(html).toContain('<input type="hidden" name="guestReference" value="abc.def"/>');
    expect(html).toContain('name="website"');
    expect(html).toMatch(/<button type="submit"[^>]*>Transmit Message<\/button>/);
    // The attribute, not the class names' `disabled:` variants.
    expect(html).not.toMatch(/<button type="submit"[^>]*\sdisabled=""/);
  });

  it("asks a verified mobile only for a name, an email and an optional message", () => {
    const html = render(pageForm(true));
    expect(html).toContain(">Identity</label>");
    expect(html).toContain(">Encrypted Channel</label>");
    expect(html).toContain(">Encrypted Message (optional)</label>");
    expect(html).not.toContain("Affiliation");
    expect(html).not.toContain("Your Connection");
    expect(verifiedInvitationRequestSchema.safeParse({ name: "Avery Hale", email: "avery@example.com", message: "" }).success).toBe(true);
    expect(verifiedInvitationRequestSchema.safeParse({ name: "A", email: "avery@example.com", message: "" }).success).toBe(false);
  });
});

describe("the openers of the invitation form", () => {
  const opener = (entry: string) =>
    render(
      <InvitationDialogProvider siteKey="">
        <ExecutiveAccessButton className="button">Executive Access</ExecutiveAccessButton>
      </InvitationDialogProvider>,
      entry,
    );

  it("are links to /executive-access, which work without JavaScript and announce the dialog they open with it", () => {
    const link = /<a [^>]*>Executive Access<\/a>/.exec(opener("/memberships"))?.[0] ?? "";
    expect(link).toContain('href="/executive-access"');
    expect(link).toContain('aria-haspopup="dialog"');
  });

  it("carry the page's guest reference", () => {
    expect(opener("/schedule-sit-down?guest=abc.def")).toContain('href="/executive-access?guest=abc.def"');
  });
});
