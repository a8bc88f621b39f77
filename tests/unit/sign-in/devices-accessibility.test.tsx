import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AddPasskeyButton } from "#app/features/sign-in/add-passkey-button.tsx";
import { signOutNameDetails } from "#app/features/sign-in/devices-page.ts";

/** What screen readers get from the "Sign-in & devices" page and the add-passkey button. */
describe("the add-passkey button", () => {
  it("has its status and alert live regions in the page, empty, before any outcome fills one", () => {
    const Stub = createRoutesStub([{ path: "/", Component: AddPasskeyButton }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/"] }));
    expect(html).toContain('<p role="status" class="sr-only"></p>');
    expect(html).toContain('<p role="alert" class="sr-only"></p>');
  });
});

describe("the sign-out buttons' names", () => {
  const session = (id: string, device: string, lastSeen: string, current = false) => ({ id, device, lastSeen, current });

  it("tell apart two sessions from the same browser by when each was last seen, and number those still alike", () => {
    const details = signOutNameDetails([
      session("here", "Chrome on macOS", "Nov 24, 2026 at 5:00 AM PST", true),
      session("a", "Chrome on macOS", "Nov 23, 2026 at 9:15 PM PST"),
      session("b", "Chrome on macOS", "Nov 20, 2026 at 8:00 AM PST"),
      session("c", "Safari on iPhone", "Nov 22, 2026 at 7:00 PM PST"),
      session("d", "Safari on iPhone", "Nov 22, 2026 at 7:00 PM PST"),
    ]);
    expect(details.get("here")).toBeUndefined();
    expect(details.get("a")).toBe(", last seen Nov 23, 2026 at 9:15 PM PST");
    expect(details.get("b")).toBe(", last seen Nov 20, 2026 at 8:00 AM PST");
    expect(details.get("c")).toBe(", last seen Nov 22, 2026 at 7:00 PM PST (1 of 2)");
    expect(details.get("d")).toBe(", last seen Nov 22, 2026 at 7:00 PM PST (2 of 2)");
  });
});
