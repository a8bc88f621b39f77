import { type Browser, type BrowserContext, type Page } from "@playwright/test";
import { AGE_GATE_COOKIE, expect, expectNoAxeViolations, expectToast, test, waitForHydration } from "../support/fixtures.ts";
import { signIn, signInAsNewMember, SIGN_IN_TIMEOUT } from "../support/members-fixtures.ts";

/**
 * The "Sign-in & devices" page (/members/devices), end to end: one member signed in on two
 * browsers (two contexts: separate cookie jars), the second one an iPhone so the list tells them
 * apart. What one browser ends, the other notices on its very next navigation.
 */
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/** A second browser for the same member, past the age gate like every test's own, signed in. */
async function secondBrowser(browser: Browser, baseURL: string, email: string): Promise<{ context: BrowserContext; phone: Page }> {
  const context = await browser.newContext({ baseURL, userAgent: IPHONE, viewport: { width: 1600, height: 900 } });
  await context.addCookies([{ name: AGE_GATE_COOKIE, value: "entered", url: baseURL }]);
  const phone = await context.newPage();
  await signIn(phone, email);
  await phone.goto("/members");
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(/^Welcome back, /);
  await waitForHydration(phone);
  return { context, phone };
}

const devicesList = (page: Page) => page.getByRole("list", { name: "Signed-in devices" });

test("'Sign out of all devices' ends the other browser's session too: its next navigation lands on /auth", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const member = await signInAsNewMember(page, { rulesAccepted: true });
  const { context, phone } = await secondBrowser(browser, baseURL!, member.email);

  await page.goto("/members");
  await page.getByRole("link", { name: "Sign-in & Devices" }).click();
  await expect(page).toHaveURL("/members/devices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in & devices");
  const devices = devicesList(page).getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: "This device" })).toHaveCount(1);
  await expect(devices.filter({ hasText: "Safari on iPhone" })).toContainText("with an emailed code");

  await page.getByRole("button", { name: "Sign out of all devices" }).click();
  await expect(page).toHaveURL("/auth", SIGN_IN_TIMEOUT);
  await page.goto("/members");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmembers$/);

  // The iPhone moves on by client-side navigation (a data request): it lands on /auth, remembering the page.
  await phone.getByRole("link", { name: "Rewards Shop" }).first().click();
  await expect(phone).toHaveURL(/\/auth\?redirectTo=%2Frewards$/, SIGN_IN_TIMEOUT);
  await context.close();
});

test("signing out one listed device ends that browser's session only", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const member = await signInAsNewMember(page, { rulesAccepted: true });
  const { context, phone } = await secondBrowser(browser, baseURL!, member.email);

  await page.goto("/members/devices");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign out Safari on iPhone" }).click();
  await expectToast(page, "Device signed out", "That device will need to sign in again before it opens the members area.");
  await expect(devicesList(page).getByRole("listitem")).toHaveCount(1);
  await expect(devicesList(page)).toContainText("This device");
  await expect(page.getByText("You are not signed in anywhere else")).toBeVisible();

  await phone.reload();
  await expect(phone).toHaveURL(/\/auth\?redirectTo=%2Fmembers$/, SIGN_IN_TIMEOUT);
  await page.goto("/rewards");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Loyalty, kept in good leather.");
  await context.close();
});

test("the devices page passes axe, and its buttons work without a mouse", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsNewMember(page, { rulesAccepted: true });
  await page.goto("/members/devices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in & devices");
  await expect(page.getByRole("region", { name: "Your devices" })).toContainText("You are not signed in anywhere else");
  await expect(page.getByRole("region", { name: "Your passkeys" })).toContainText("No passkey holds your membership yet.");
  await expectNoAxeViolations(page);

  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign out here" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/auth", SIGN_IN_TIMEOUT);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Sign out of all devices' is a plain form post", async ({ page }) => {
    await signInAsNewMember(page, { rulesAccepted: true });
    await page.goto("/members/devices");
    await page.getByRole("button", { name: "Sign out of all devices" }).click();
    await expect(page).toHaveURL("/auth");
    await page.goto("/members/devices");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmembers%2Fdevices$/);
  });
});
