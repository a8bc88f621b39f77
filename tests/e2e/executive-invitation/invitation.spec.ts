import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";

const valid = {
  Identity: "Avery Hale",
  "Encrypted Channel": "avery@example.com",
  Affiliation: "Hale Timber Co",
  "Your Connection": "Jordan Reyes",
  "Encrypted Message": "Jordan suggested I ask for a sit-down this winter.",
};

const dialog = (page: Page) => page.getByRole("dialog", { name: "Confidential Communication Channel" });

async function openFromHeader(page: Page) {
  await gotoHydrated(page, "/memberships");
  await page.getByRole("banner").getByRole("link", { name: "Executive Access" }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: "Transmit Message" })).toBeEnabled();
}

async function fill(page: Page, values: Record<string, string> = valid) {
  for (const [label, value] of Object.entries(values)) await dialog(page).getByLabel(label).fill(value);
}

test.describe("the executive invitation dialog", () => {
  test("opens from the header, the home hero and the footer, and returns focus when closed", async ({ page }) => {
    await gotoHydrated(page, "/");
    // Links to /executive-access, which the dialog enhances once the page's script runs.
    const openers = [
      page.getByRole("main").getByRole("link", { name: "Request Executive Invitation" }),
      page.getByRole("contentinfo").getByRole("link", { name: "Request Executive Access" }),
    ];
    for (const opener of openers) {
      await opener.click();
      await expect(dialog(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog(page)).toBeHidden();
      await expect(opener).toBeFocused();
    }
    await page.getByRole("contentinfo").getByRole("link", { name: "Request Executive Access" }).click();
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL("/");
    await expect(dialog(page)).toBeHidden();
  });

  test("loads Google's script only when the dialog opens, never on first paint", async ({ page }) => {
    const captchaRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith("https://www.google.com/recaptcha/")) captchaRequests.push(request.url());
    });
    await gotoHydrated(page, "/");
    await page.waitForLoadState("networkidle");
    expect(captchaRequests).toEqual([]);
    await page.getByRole("main").getByRole("link", { name: "Request Executive Invitation" }).click();
    await expect.poll(() => captchaRequests).toEqual([expect.stringContaining("render=e2e-site-key")]);
  });

  test("happy path: transmits, confirms with a toast, resets and closes", async ({ page }) => {
    await openFromHeader(page);
    await fill(page);
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Message Transmitted", "Your communication has reached the appropriate channels. Expect contact soon.");
    await expect(dialog(page)).toBeHidden();
    await page.getByRole("banner").getByRole("link", { name: "Executive Access" }).click();
    await expect(dialog(page).getByLabel("Identity")).toHaveValue("");
  });

  test("validates on submit, then again on every change, with the form's messages", async ({ page }) => {
    await openFromHeader(page);
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    for (const message of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Company name is required",
      "Please tell us who invited you",
      "Message must be at least 10 characters",
    ]) {
      await expect(dialog(page).getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog(page).getByLabel("Identity")).toBeFocused();
    await expect(dialog(page).getByLabel("Identity")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog(page).getByLabel("Identity")).toHaveAccessibleDescription("Your full name Name must be at least 2 characters");

    await dialog(page).getByLabel("Identity").fill("Avery <b>");
    await expect(dialog(page).getByText("Invalid characters in name")).toBeVisible();
    await dialog(page).getByLabel("Identity").fill("Avery Hale");
    await expect(dialog(page).getByText("Invalid characters in name")).toHaveCount(0);
    await expect(dialog(page).getByLabel("Identity")).not.toHaveAttribute("aria-invalid", "true");

    // Text that reads differently from what it holds (a right-to-left override) is refused too.
    await dialog(page).getByLabel("Affiliation").fill("Hale \u202Erebmit");
    await expect(dialog(page).getByText("Invalid characters in company name")).toBeVisible();
    await dialog(page).getByLabel("Affiliation").fill('"Smith & Sons"');
    await expect(dialog(page).getByText("Invalid characters in company name")).toHaveCount(0);
  });

  test('sends O\'Brien, "Smith & Sons", "I\'d like to join" and o\'brien@example.com as typed, and they are stored so', async ({
    page,
  }) => {
    const email = `o'brien.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const typed = {
      Identity: "Siobhán O'Brien",
      "Encrypted Channel": email,
      Affiliation: '"Smith & Sons"',
      "Your Connection": "Jordan O'Neill",
      "Encrypted Message": "I'd like to join: Thursdays & Fridays suit me.",
    };
    await openFromHeader(page);
    await fill(page, typed);
    const sent = page.waitForRequest("/api/send-executive-invitation");
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      name: typed.Identity,
      email,
      company: typed.Affiliation,
      invitedBy: typed["Your Connection"],
      message: typed["Encrypted Message"],
    });
    await expectToast(page, "Message Transmitted", "Your communication has reached the appropriate channels. Expect contact soon.");
    expect(queryLocalD1("SELECT name, company, invited_by, message FROM invitation_requests WHERE email = ?", email)).toEqual([
      { name: typed.Identity, company: typed.Affiliation, invited_by: typed["Your Connection"], message: typed["Encrypted Message"] },
    ]);
  });

  test("can be completed with the keyboard alone", async ({ page }) => {
    await gotoHydrated(page, "/memberships");
    await page.getByRole("banner").getByRole("link", { name: "Executive Access" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole("button", { name: "Transmit Message" })).toBeEnabled();
    await dialog(page).getByLabel("Identity").focus();
    for (const value of Object.values(valid)) {
      await page.keyboard.type(value);
      await page.keyboard.press("Tab");
    }
    await expect(dialog(page).getByRole("button", { name: "Transmit Message" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectToast(page, "Message Transmitted", "Expect contact soon.");
  });

  test("'Transmit Message' waits for Google's script, and shows 'Submitting...' while it works", async ({ page }) => {
    let releaseScript: () => void = () => {};
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(/^https:\/\/www\.google\.com\/recaptcha\/api\.js/, async (route) => {
      await scriptHeld;
      await route.fulfill({ path: "tests/e2e/support/fakes/grecaptcha.js", contentType: "text/javascript" });
    });
    await gotoHydrated(page, "/memberships");
    await page.getByRole("banner").getByRole("link", { name: "Executive Access" }).click();
    const transmit = dialog(page).getByRole("button", { name: "Transmit Message" });
    await expect(transmit).toBeDisabled();
    releaseScript();
    await expect(transmit).toBeEnabled();

    let releaseVerification: () => void = () => {};
    const verificationHeld = new Promise<void>((resolve) => (releaseVerification = resolve));
    await page.route("/api/verify-recaptcha", async (route) => {
      await verificationHeld;
      await route.continue();
    });
    await fill(page);
    await transmit.click();
    const busy = dialog(page).getByRole("button", { name: "Submitting..." });
    await expect(busy).toBeDisabled();
    releaseVerification();
    await expectToast(page, "Message Transmitted", "Expect contact soon.");
  });

  test("if the form's code cannot be fetched, the dialog says so, and opening it again tries again", async ({ page }) => {
    await gotoHydrated(page, "/memberships");
    await page.route(/\/assets\/invitation-form-[^/]+\.js$/, (route) => route.abort());
    const executiveAccess = page.getByRole("banner").getByRole("link", { name: "Executive Access" });
    await executiveAccess.click();
    await expect(dialog(page).getByRole("alert")).toHaveText(
      "The form could not be loaded. Check your connection, close this window and open it again.",
    );
    await page.unroute(/\/assets\/invitation-form-[^/]+\.js$/);
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await executiveAccess.click();
    await expect(dialog(page).getByRole("button", { name: "Transmit Message" })).toBeEnabled();
  });

  test("passes axe while open", async ({ page }) => {
    await openFromHeader(page);
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectNoAxeViolations(page);
  });
});

test.describe("the error toasts of the invitation flow", () => {
  test("captcha not ready", async ({ page }) => {
    await openFromHeader(page);
    await fill(page);
    await page.evaluate(() => delete (window as { grecaptcha?: unknown }).grecaptcha);
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Error", "ReCAPTCHA not ready. Please try again.");
    await expect(dialog(page)).toBeVisible();
  });

  test("Google's script cannot load: the button still answers, with 'ReCAPTCHA not ready', and the script is fetched again", async ({
    page,
  }) => {
    let scriptRequests = 0;
    await page.route(/^https:\/\/www\.google\.com\/recaptcha\/api\.js/, async (route) => {
      scriptRequests += 1;
      if (scriptRequests === 1) return route.abort();
      return route.fulfill({ path: "tests/e2e/support/fakes/grecaptcha.js", contentType: "text/javascript" });
    });
    await gotoHydrated(page, "/memberships");
    await page.getByRole("banner").getByRole("link", { name: "Executive Access" }).click();
    await fill(page);
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Error", "ReCAPTCHA not ready. Please try again.");
    await expect.poll(() => scriptRequests).toBe(2);
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Message Transmitted", "Expect contact soon.");
  });

  test("an empty token from reCAPTCHA", async ({ page }) => {
    await openFromHeader(page);
    await fill(page);
    await page.evaluate(() => ((window as { __fakeRecaptcha?: unknown }).__fakeRecaptcha = { empty: true }));
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "reCAPTCHA Error", "Failed to generate security token: empty token. Please refresh the page and try again.");
  });

  test("a limited verification reads as one sentence", async ({ page }) => {
    await openFromHeader(page);
    await fill(page);
    await page.route("/api/verify-recaptcha", (route) =>
      route.fulfill({ status: 429, json: { error: "Too many submissions. Please try again later." } }),
    );
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Security Check Failed", "Verification error: Too many submissions. Please try again later. Please try again.");
  });

  test("no token from reCAPTCHA", async ({ page }) => {
    await openFromHeader(page);
    await fill(page);
    await page.evaluate(() => ((window as { __fakeRecaptcha?: unknown }).__fakeRecaptcha = { fail: "network hiccup" }));
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "reCAPTCHA Error", "Failed to generate security token: network hiccup. Please refresh the page and try again.");
  });

  test("the verification call fails", async ({ page }) => {
    await openFromHeader(page);
    await fill(page);
    await page.route("/api/verify-recaptcha", (route) => route.abort());
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Security Check Failed", "Verification error: Failed to fetch. Please try again.");
  });

  test("the verification answers nothing", async ({ page }) => {
    await openFromHeader(page);
    await fill(page);
    await page.route("/api/verify-recaptcha", (route) => route.fulfill({ status: 200, body: "" }));
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Security Check Failed", "No response from security verification. Please check your connection and try again.");
  });

  test("Google scores the visitor too low", async ({ page }) => {
    await openFromHeader(page);
    await fill(page);
    await page.evaluate(() => ((window as { __fakeRecaptcha?: unknown }).__fakeRecaptcha = { token: "fake:0.2:executive_invitation" }));
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Security Check Failed", "Security verification failed (Score: 0.2). Please try again.");
  });

  test("the send call errors", async ({ page }) => {
    await openFromHeader(page);
    await fill(page);
    await page.route("/api/send-executive-invitation", (route) => route.fulfill({ status: 500, json: { error: "Internal server error" } }));
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Submission Failed", "Unable to submit your request. Please try again later.");
  });

  test("the connection drops while sending", async ({ page }) => {
    await openFromHeader(page);
    await fill(page);
    await page.route("/api/send-executive-invitation", (route) => route.abort());
    await dialog(page).getByRole("button", { name: "Transmit Message" }).click();
    await expectToast(page, "Error", "Transmission failed. Check your connection and try again.");
  });
});
