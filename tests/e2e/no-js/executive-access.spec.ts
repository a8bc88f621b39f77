import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolationsWithoutScripts, test } from "../support/fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";
import { codeFor, testNumber } from "../sms-invitation/sms-test-numbers.ts";

/**
 * Executive Access without JavaScript: every opener is a link to /executive-access, whose form
 * posts to the page's own action, validated on the server; without a captcha it is stored as
 * 'none' (docs/security.md#captcha).
 */
test.use({ javaScriptEnabled: false });

const form = (page: Page) => page.getByRole("region", { name: "Request an executive invitation" });

const valid = {
  Identity: "Avery Hale",
  "Encrypted Channel": "avery@example.com",
  Affiliation: "Hale Timber Co",
  "Your Connection": "Jordan Reyes",
  "Encrypted Message": "Jordan suggested I ask for a sit-down this winter.",
};

test.describe("Executive Access without JavaScript", () => {
  test("the home page's 'Request Executive Invitation' opens the page holding the form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Request Executive Invitation" }).click();
    await expect(page).toHaveURL("/executive-access");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confidential Communication Channel");
    await expect(form(page).getByLabel("Identity")).toHaveAccessibleDescription(/^Your full name/);
    await expect(form(page).getByRole("button", { name: "Transmit Message" })).toBeEnabled();
    await expectNoAxeViolationsWithoutScripts(page);
  });

  test("the header's 'Executive Access' and the footer's two buttons open their pages", async ({ page }) => {
    await page.goto("/memberships");
    await page.getByRole("banner").getByRole("link", { name: "Executive Access" }).click();
    await expect(page).toHaveURL("/executive-access");
    await expect(form(page).getByRole("button", { name: "Transmit Message" })).toBeVisible();

    await page.goto("/memberships");
    await page.getByRole("contentinfo").getByRole("link", { name: "Request Executive Access" }).click();
    await expect(page).toHaveURL("/executive-access");
    await expect(form(page).getByLabel("Identity")).toBeVisible();

    await page.goto("/memberships");
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact the Concierge" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("main").getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("the server checks the fields: each message under its field, what was typed kept", async ({ page }) => {
    await page.goto("/executive-access");
    await form(page).getByLabel("Identity").fill("A");
    await form(page).getByLabel("Encrypted Channel").fill("avery@example.com");
    await form(page).getByRole("button", { name: "Transmit Message" }).click();
    await expect(page).toHaveURL("/executive-access");
    await expect(form(page).getByRole("alert")).toHaveText("Please correct the highlighted fields.");
    await expect(form(page).getByLabel("Identity")).toHaveValue("A");
    await expect(form(page).getByLabel("Identity")).toHaveAttribute("aria-invalid", "true");
    await expect(form(page).getByLabel("Identity")).toHaveAccessibleDescription("Your full name Name must be at least 2 characters");
    await expect(form(page).getByLabel("Encrypted Channel")).toHaveValue("avery@example.com");
    for (const message of ["Company name is required", "Please tell us who invited you", "Message must be at least 10 characters"]) {
      await expect(form(page).getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoAxeViolationsWithoutScripts(page);
  });

  test("a complete request is sent without a captcha, confirmed on the page, and stored as such", async ({ page }) => {
    const email = `no-js.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.goto("/executive-access");
    for (const [label, value] of Object.entries({ ...valid, "Encrypted Channel": email })) await form(page).getByLabel(label).fill(value);
    await form(page).getByRole("button", { name: "Transmit Message" }).click();
    await expect(page).toHaveURL("/executive-access?sent=1");
    await expect(form(page).getByRole("status")).toHaveText(
      "Message Transmitted. Your communication has reached the appropriate channels. Expect contact soon.",
    );
    expect(queryLocalD1("SELECT name, checked_by, recaptcha_score FROM invitation_requests WHERE email = ?", email)).toEqual([
      { name: "Avery Hale", checked_by: "none", recaptcha_score: 0 },
    ]);
  });

  test("after verifying a mobile, 'Request an Invitation' asks only for a name and an email, and the request carries the number", async ({
    page,
  }) => {
    const number = testNumber();
    const email = `verified.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.goto("/sms-invitation");
    await page.getByLabel("Mobile Number").fill(number.shown);
    await page.getByRole("button", { name: "Send Code" }).click();
    await page.getByLabel("Verification Code").fill(await codeFor(number));
    await page.getByRole("button", { name: "Verify Code" }).click();
    await page.getByRole("link", { name: "Request an Invitation" }).click();

    await expect(page).toHaveURL("/executive-access");
    await expect(form(page)).toContainText(`Your mobile ${number.shown} is verified`);
    await expect(form(page).getByLabel("Affiliation")).toHaveCount(0);
    await expect(form(page).getByLabel("Your Connection")).toHaveCount(0);
    await form(page).getByLabel("Identity").fill("Avery Hale");
    await form(page).getByLabel("Encrypted Channel").fill(email);
    await form(page).getByRole("button", { name: "Transmit Message" }).click();
    await expect(form(page).getByRole("status")).toContainText("Message Transmitted.");
    expect(queryLocalD1("SELECT company, checked_by, verified_phone FROM invitation_requests WHERE email = ?", email)).toEqual([
      { company: "", checked_by: "sms", verified_phone: number.digits },
    ]);
  });
});
