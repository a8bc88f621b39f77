import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "../support/fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";
import { memberRoutes, publicRoutes } from "../support/site-routes.ts";

/**
 * The accessibility sweep: axe (WCAG 2.2 A and AA) on every route as a visitor and as a
 * member, and again with the accessibility widget's high contrast and 200 % text. The site must
 * pass on its own; the widget's modes must not break it. (The invitation dialog, the widget panel
 * and the keyboard-only flows are swept in their own specs.)
 */
const ACCESSIBILITY_SETTINGS_KEY = "ember-oak:accessibility-settings";

async function sweep(page: Page, routes: ReadonlyArray<readonly [string, string | RegExp, ...unknown[]]>) {
  for (const [path, heading] of routes) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expectNoAxeViolations(page);
    });
  }
}

test.describe("the accessibility sweep", () => {
  test.setTimeout(240_000);

  test("every public route and the 404 page, as a visitor, in high contrast at 200 % text", async ({ page }) => {
    await page.addInitScript(
      (key) => localStorage.setItem(key, JSON.stringify({ fontSize: 200, highContrast: true })),
      ACCESSIBILITY_SETTINGS_KEY,
    );
    await sweep(page, [...publicRoutes, ["/no-such-page", "Page Not Found"]]);
    await expect(page.locator("html")).toHaveAttribute("data-a11y-high-contrast", "");
  });

  test("every public and members-only route, as a signed-in member", async ({ page }) => {
    await signInAsNewMember(page, { rulesAccepted: true });
    // /auth sends a signed-in member on to the members area, so it is not a page they see.
    await sweep(page, [...publicRoutes.filter(([path]) => path !== "/auth"), ...memberRoutes]);
  });

  test("the members-only routes as a member, in high contrast at 200 % text", async ({ page }) => {
    await page.addInitScript(
      (key) => localStorage.setItem(key, JSON.stringify({ fontSize: 200, highContrast: true })),
      ACCESSIBILITY_SETTINGS_KEY,
    );
    await signInAsNewMember(page, { rulesAccepted: true });
    await sweep(page, memberRoutes);
  });
});
