import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";

/**
 * The openers are links to /executive-access that the dialog enhances; the dialog keeps
 * 'Transmit Message' in reach (a sticky action bar); the page itself, with JavaScript, runs the
 * captcha as the dialog does (docs/product-rules.md#executive-invitation).
 */
const dialog = (page: Page) => page.getByRole("dialog", { name: "Confidential Communication Channel" });

const valid = {
  Identity: "Avery Hale",
  "Encrypted Channel": "avery@example.com",
  Affiliation: "Hale Timber Co",
  "Your Connection": "Jordan Reyes",
  "Encrypted Message": "Jordan suggested I ask for a sit-down this winter.",
};

test.describe("the invitation dialog from a link", () => {
  test("the hero's link names /executive-access; with JavaScript it opens the dialog and the address stays", async ({ page }) => {
    await gotoHydrated(page, "/");
    const opener = page.getByRole("main").getByRole("link", { name: "Request Executive Invitation" });
    await expect(opener).toHaveAttribute("href", "/executive-access");
    await opener.click();
    await expect(dialog(page)).toBeVisible();
    await expect(page).toHaveURL("/");
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`'Transmit Message' is in view without scrolling at ${viewport.width} px, and stays there while the form scrolls`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      // The hero's opener: at 390 px the header's sits in the closed menu.
      await gotoHydrated(page, "/");
      await page.getByRole("main").getByRole("link", { name: "Request Executive Invitation" }).click();
      const transmit = dialog(page).getByRole("button", { name: "Transmit Message" });
      await expect(transmit).toBeEnabled();
      await expect(transmit).toBeInViewport({ ratio: 1 });
      await dialog(page).getByLabel("Identity").focus();
      await expect(transmit).toBeInViewport({ ratio: 1 });
      // Nothing covers it: the point at its centre is the button itself.
      const box = (await transmit.boundingBox())!;
      expect(
        await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? null, {
          x: box.x + box.width / 2,
          y: box.y + box.height / 2,
        }),
      ).toBe("Transmit Message");
    });
  }

  test("a 6th invitation inside the limit's window: 'Too Many Submissions', in the limit's own words", async ({ page }) => {
    await gotoHydrated(page, "/memberships");
    await page.getByRole("banner").getByRole("link", { name: "Executive Access" }).click();
    for (const [label, value] of Object.entries(valid)) await dialog(page).getByLabel(label).fill(value);
    await page.route("/api/send-executive-invitation", (route) =>
      route.fulfill({ status: 429, headers: { "Retry-After": "600" }, json: { error: "Too many submissions. Please try again later." } }),
    );
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Too Many Submissions", "Too many submissions. Please try again later.");
    // While the dialog is open its own toaster shows the toasts; neither says the other title.
    await expect(page.getByText("Submission Failed")).toHaveCount(0);
    await expect(dialog(page)).toBeVisible();
  });
});

test.describe("the /executive-access page with JavaScript", () => {
  test("runs the captcha as the dialog does, confirms with a toast, and the request is stored as checked by captcha", async ({ page }) => {
    const email = `page.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await gotoHydrated(page, "/executive-access");
    const region = page.getByRole("region", { name: "Request an executive invitation" });
    await expect(region.getByRole("button", { name: "Transmit Message" })).toBeEnabled();
    for (const [label, value] of Object.entries({ ...valid, "Encrypted Channel": email })) await region.getByLabel(label).fill(value);
    const verified = page.waitForRequest("/api/verify-recaptcha");
    await region.getByRole("button", { name: "Transmit Message" }).click();
    await verified;
    await expectToast(page, "Message Transmitted", "Your communication has reached the appropriate channels. Expect contact soon.");
    await expect(page).toHaveURL("/executive-access");
    expect(queryLocalD1("SELECT checked_by FROM invitation_requests WHERE email = ?", email)).toEqual([{ checked_by: "captcha" }]);
  });

  test("checks the fields in the browser first, with the hints and messages under each", async ({ page }) => {
    await gotoHydrated(page, "/executive-access");
    const region = page.getByRole("region", { name: "Request an executive invitation" });
    await region.getByRole("button", { name: "Transmit Message" }).click();
    await expect(region.getByLabel("Identity")).toBeFocused();
    await expect(region.getByLabel("Identity")).toHaveAccessibleDescription("Your full name Name must be at least 2 characters");
    await expect(region.getByLabel("Your Connection")).toHaveAccessibleDescription(
      "The member who introduced you Please tell us who invited you",
    );
    await expectNoAxeViolations(page);
  });
});
