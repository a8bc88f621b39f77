import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { codeFor, testNumber } from "./sms-test-numbers.ts";

/**
 * The SMS invitation block on the home page, end to end with the labelled local SMS stand-in:
 * the code is read from the outbox, where the stand-in leaves the message it would have sent.
 */
const block = (page: Page) => page.getByRole("region", { name: "Your invitation, by text message" });

async function requestCode(page: Page, number: ReturnType<typeof testNumber>) {
  await gotoHydrated(page, "/");
  const phone = block(page).getByLabel("Mobile Number");
  await phone.pressSequentially(number.digits);
  await expect(phone).toHaveValue(number.shown);
  await block(page).getByRole("button", { name: "Send Code" }).click();
  await expectToast(page, "SMS Sent Successfully!", "1-2 minutes");
  await expect(block(page).getByLabel("Verification Code")).toBeFocused();
}

test.describe("the SMS invitation block", () => {
  test("phone, code from the SMS, 'Welcome to the Inner Circle!', and 'Access Granted' after a reload", async ({ page }) => {
    const number = testNumber();
    await requestCode(page, number);
    await expect(block(page)).toContainText(`We sent a code to ${number.shown}.`);
    await expect(block(page)).toContainText("some carriers block promotional messages");

    await block(page)
      .getByLabel("Verification Code")
      .fill(await codeFor(number));
    await block(page).getByRole("button", { name: "Verify Code" }).click();
    await expectToast(page, "Welcome to the Inner Circle!", "");
    await expect(block(page).getByRole("heading", { name: "Access Granted" })).toBeVisible();
    await expect(block(page).getByRole("link", { name: "Request an Invitation" })).toHaveAttribute("href", "/executive-access");
    await expect(block(page).getByRole("link", { name: "View Memberships" })).toHaveAttribute("href", "/memberships");
    await expect(block(page).getByRole("link", { name: "Bosses Only" })).toHaveAttribute("href", "/bosses-only");
    expect(await page.evaluate(() => localStorage.getItem("smsVerified"))).toBe("true");

    await page.reload();
    await expect(block(page).getByRole("heading", { name: "Access Granted" })).toBeVisible();
    await expect(block(page).getByLabel("Mobile Number")).toHaveCount(0);
  });

  test("the server remembers the verification (HttpOnly cookie) even without local storage", async ({ page, context }) => {
    const number = testNumber();
    await requestCode(page, number);
    await block(page)
      .getByLabel("Verification Code")
      .fill(await codeFor(number));
    await block(page).getByRole("button", { name: "Verify Code" }).click();
    await expect(block(page).getByRole("heading", { name: "Access Granted" })).toBeVisible();
    const cookie = (await context.cookies()).find((entry) => entry.name === "ember_sms_verified");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    await page.evaluate(() => localStorage.removeItem("smsVerified"));
    await page.route("**/*.js", (route) => route.abort());
    await page.reload();
    await expect(block(page).getByRole("heading", { name: "Access Granted" })).toBeVisible();
  });

  test("'Resend' returns to the phone step, keeps the number and clears the code", async ({ page }) => {
    const number = testNumber();
    await requestCode(page, number);
    await block(page).getByLabel("Verification Code").fill("123");
    await block(page).getByRole("button", { name: "Resend" }).click();
    await expect(block(page).getByLabel("Mobile Number")).toHaveValue(number.shown);
    await block(page).getByRole("button", { name: "Send Code" }).click();
    await expect(block(page).getByLabel("Verification Code")).toHaveValue("");
  });

  test("a short number cannot be sent: 'Invalid Phone Number'", async ({ page }) => {
    await gotoHydrated(page, "/");
    const phone = block(page).getByLabel("Mobile Number");
    await phone.pressSequentially("503555");
    await expect(block(page).getByRole("button", { name: "Send Code" })).toBeDisabled();
    await phone.press("Enter");
    await expectToast(page, "Invalid Phone Number", "Please enter a valid 10-digit phone number.");
    await expect(block(page).getByLabel("Verification Code")).toHaveCount(0);
  });

  test("a number the site never accepts: 'US mobile numbers only' under the field, and no toast", async ({ page }) => {
    await gotoHydrated(page, "/");
    const phone = block(page).getByLabel("Mobile Number");
    await phone.pressSequentially("4165550123");
    await block(page).getByRole("button", { name: "Send Code" }).click();
    await expect(phone).toHaveAccessibleDescription(/US mobile numbers only/);
    await expect(block(page).getByText("US mobile numbers only")).toBeVisible();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toBeFocused();
    await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status")).toHaveCount(0);
    await expect(block(page).getByLabel("Verification Code")).toHaveCount(0);

    // Changing the number clears the message.
    await phone.press("Backspace");
    await expect(block(page).getByText("US mobile numbers only")).toHaveCount(0);
    await expect(phone).not.toHaveAttribute("aria-invalid", "true");
  });

  test("an empty code: 'Code Required'; a wrong code: 'Invalid Code' with the server's message", async ({ page }) => {
    const number = testNumber();
    await requestCode(page, number);
    const code = block(page).getByLabel("Verification Code");
    await code.fill("   ");
    await expect(block(page).getByRole("button", { name: "Verify Code" })).toBeDisabled();
    await code.press("Enter");
    await expectToast(page, "Code Required", "Please enter the verification code from your SMS.");

    const right = await codeFor(number);
    await code.fill(right === "000000" ? "111111" : "000000");
    await block(page).getByRole("button", { name: "Verify Code" }).click();
    await expectToast(page, "Invalid Code", "That's not the right code. Check your messages.");
    await expect(block(page).getByRole("heading", { name: "Access Granted" })).toHaveCount(0);
  });

  test("a provider failure: 'Error Sending SMS'; a failed check: 'Verification Error'", async ({ page }) => {
    await page.route("**/api/send-sms", (route) =>
      route.fulfill({ status: 502, json: { success: false, error: "We could not send a code to this number." } }),
    );
    await gotoHydrated(page, "/");
    await block(page).getByLabel("Mobile Number").fill("5035550142");
    await block(page).getByRole("button", { name: "Send Code" }).click();
    await expectToast(page, "Error Sending SMS", "Please try again later or contact support.");

    await page.unroute("**/api/send-sms");
    const number = testNumber();
    await requestCode(page, number);
    await page.route("**/api/verify-sms", (route) =>
      route.fulfill({ status: 502, json: { success: false, message: "Verification is unavailable right now." } }),
    );
    await block(page).getByLabel("Verification Code").fill("123456");
    await block(page).getByRole("button", { name: "Verify Code" }).click();
    await expectToast(page, "Verification Error", "Please try again later or contact support.");
  });

  test("works with the keyboard alone, and passes axe in every step", async ({ page }) => {
    const number = testNumber();
    await gotoHydrated(page, "/");
    await expectNoAxeViolations(page);
    await block(page).getByLabel("Mobile Number").focus();
    await page.keyboard.type(number.digits);
    await page.keyboard.press("Tab");
    await expect(block(page).getByRole("button", { name: "Send Code" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(block(page).getByLabel("Verification Code")).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.type(await codeFor(number));
    await page.keyboard.press("Enter");
    await expect(block(page).getByRole("heading", { name: "Access Granted" })).toBeFocused();
    await expectNoAxeViolations(page);
  });
});
