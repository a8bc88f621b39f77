import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolationsWithoutScripts, test } from "../support/fixtures.ts";
import { codeFor, testNumber } from "../sms-invitation/sms-test-numbers.ts";

/**
 * The SMS block without JavaScript: its forms post to the /sms-invitation page, which shows the
 * next step with the words a toast would have said. The number travels in the body of a POST,
 * never in an address (a GET would have put it in the address bar and the server logs).
 */
test.use({ javaScriptEnabled: false });

const block = (page: Page) => page.getByRole("region", { name: "Your invitation, by text message" });

/** Every address the page asked for, to prove none carries the number. */
function recordAddresses(page: Page): string[] {
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));
  return addresses;
}

test.describe("the SMS block without JavaScript", () => {
  test("phone, code and 'Access Granted' as plain form posts, the number never in an address", async ({ page, context }) => {
    const number = testNumber();
    const addresses = recordAddresses(page);
    await page.goto("/");
    await block(page).getByLabel("Mobile Number").fill(number.shown);
    await block(page).getByRole("button", { name: "Send Code" }).click();

    await expect(page).toHaveURL("/sms-invitation");
    await expect(block(page)).toContainText("SMS Sent Successfully!");
    await expect(block(page)).toContainText("Your verification code may take 1-2 minutes to arrive.");
    await expect(block(page)).toContainText(`We sent a code to ${number.shown}.`);
    await expectNoAxeViolationsWithoutScripts(page);

    await block(page)
      .getByLabel("Verification Code")
      .fill(await codeFor(number));
    await block(page).getByRole("button", { name: "Verify Code" }).click();
    await expect(page).toHaveURL("/sms-invitation");
    await expect(block(page)).toContainText("Welcome to the Inner Circle!");
    await expect(block(page).getByRole("heading", { name: "Access Granted" })).toBeVisible();
    await expect(block(page).getByRole("link", { name: "Request an Invitation" })).toHaveAttribute("href", "/executive-access");
    await expect(block(page).getByRole("link", { name: "View Memberships" })).toHaveAttribute("href", "/memberships");
    await expect(block(page).getByRole("link", { name: "Bosses Only" })).toHaveAttribute("href", "/bosses-only");
    await expectNoAxeViolationsWithoutScripts(page);

    const cookie = (await context.cookies()).find((entry) => entry.name === "ember_sms_verified");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(cookie!.value).not.toContain(number.digits);

    // The server remembers: the home page opens on 'Access Granted'.
    await page.goto("/");
    await expect(block(page).getByRole("heading", { name: "Access Granted" })).toBeVisible();
    await expect(block(page).getByLabel("Mobile Number")).toHaveCount(0);

    const named = (address: string) =>
      address.includes("phoneNumber") || address.includes(number.digits) || address.includes(number.shown.slice(-8));
    expect(addresses.filter(named)).toEqual([]);
  });

  test("a number the site never accepts: 'US mobile numbers only' under the field", async ({ page }) => {
    await page.goto("/");
    const phone = block(page).getByLabel("Mobile Number");
    await phone.fill("(416) 555-0123");
    await phone.press("Enter");
    await expect(page).toHaveURL("/sms-invitation");
    await expect(block(page).getByLabel("Mobile Number")).toHaveValue("(416) 555-0123");
    await expect(block(page).getByLabel("Mobile Number")).toHaveAccessibleDescription(/US mobile numbers only/);
    await expect(block(page).getByLabel("Mobile Number")).toHaveAttribute("aria-invalid", "true");
    await expect(block(page)).not.toContainText("Error Sending SMS");
    await expectNoAxeViolationsWithoutScripts(page);
  });

  test("a short number: 'Invalid Phone Number'; 'Resend' returns to the number, kept", async ({ page }) => {
    await page.goto("/sms-invitation");
    await block(page).getByLabel("Mobile Number").fill("503555");
    await block(page).getByRole("button", { name: "Send Code" }).click();
    await expect(block(page)).toContainText("Invalid Phone Number");
    await expect(block(page)).toContainText("Please enter a valid 10-digit phone number.");

    const number = testNumber();
    await block(page).getByLabel("Mobile Number").fill(number.digits);
    await block(page).getByRole("button", { name: "Send Code" }).click();
    await expect(block(page).getByLabel("Verification Code")).toBeVisible();
    await block(page).getByRole("button", { name: "Verify Code" }).click();
    await expect(block(page)).toContainText("Code Required");
    await expect(block(page)).toContainText("Please enter the verification code from your SMS.");

    await block(page).getByRole("button", { name: "Resend" }).click();
    await expect(block(page).getByLabel("Mobile Number")).toHaveValue(number.shown);
    await expect(block(page).getByLabel("Verification Code")).toHaveCount(0);
  });
});
