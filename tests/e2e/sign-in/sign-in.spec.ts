import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "../support/fixtures.ts";
import { SIGN_IN_TIMEOUT, createMember, emailedSignInCode, newestOutboxId, signIn } from "../support/members-fixtures.ts";
import { claimPoolMember } from "../support/member-pool.ts";

/** Signing in at /auth with an emailed code, the signed-in header, and signing out. */

// The page's words (app/features/sign-in/sign-in-messages.ts), as the member reads them.
const CODE_SENT = "If that email belongs to a member, a sign-in code is on its way to it.";
const CODE_REFUSED = "That code is not right, or it has expired.";
const MEMBERSHIP_PAUSED = "Your membership is paused, so the members area is closed for now.";

/** Step 1 of /auth: the email and 'Email Me a Code'; answers the outbox row the code will come after. */
async function askForCode(page: Page, email: string): Promise<number> {
  const after = newestOutboxId(email);
  const main = page.getByRole("main");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByRole("button", { name: "Email Me a Code" }).click();
  await expect(main.getByRole("status").filter({ hasText: CODE_SENT })).toBeVisible(SIGN_IN_TIMEOUT);
  return after;
}

/** A six-digit code that is not `code`. */
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

test.describe("member sign-in", () => {
  test.setTimeout(60_000);

  test("a visitor asking for /rewards?x=1 signs in with the emailed code and lands back on /rewards?x=1", async ({ page }) => {
    const member = createMember({ points: 1200 });
    await page.goto("/rewards?x=1");
    await expect(page).toHaveURL("/auth?redirectTo=%2Frewards%3Fx%3D1");
    const after = await askForCode(page, member.email);
    await page.getByLabel("Code", { exact: true }).fill(await emailedSignInCode(member.email, after));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/rewards?x=1", SIGN_IN_TIMEOUT);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("First, the club rules.");
  });

  test("a redirectTo that leaves the site goes home instead", async ({ page }) => {
    const member = createMember();
    await page.goto("/auth?redirectTo=%2F%2Fevil.example%2Fsteal");
    const after = await askForCode(page, member.email);
    await page.getByLabel("Code", { exact: true }).fill(await emailedSignInCode(member.email, after));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/", SIGN_IN_TIMEOUT);
  });

  test("a wrong code gets one focused, announced message; the right code still works after it", async ({ page }) => {
    const member = createMember();
    await gotoHydrated(page, "/auth");
    const after = await askForCode(page, member.email);
    const code = await emailedSignInCode(member.email, after);
    await page.getByLabel("Code", { exact: true }).fill(wrongCode(code));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: CODE_REFUSED });
    await expect(alert).toBeVisible(SIGN_IN_TIMEOUT);
    await expect(alert).toBeFocused();
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/members", SIGN_IN_TIMEOUT);
  });

  test("an unknown email gets the same code step as a member's, and no email is sent", async ({ page }) => {
    const unknown = `nobody.${crypto.randomUUID()}@members.example`;
    await page.goto("/auth");
    await askForCode(page, unknown);
    await expect(page.getByLabel("Code", { exact: true })).toBeVisible();
    expect(newestOutboxId(unknown)).toBe(0);
    // 'Use a different email' goes back to the first step.
    await page.getByRole("link", { name: "Use a different email" }).click();
    await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Code", { exact: true })).toHaveCount(0);
  });

  test("every state of /auth passes axe: the email, a field error, the code, a refused code, a paused membership", async ({ page }) => {
    const member = createMember();
    await gotoHydrated(page, "/auth");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("autocomplete", "username webauthn");
    await expectNoAxeViolations(page);

    await page.getByRole("main").getByRole("button", { name: "Email Me a Code" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Enter your email address" })).toBeVisible();
    await expectNoAxeViolations(page);

    await askForCode(page, member.email);
    await expectNoAxeViolations(page);

    await page.getByLabel("Code", { exact: true }).fill("000000x");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: CODE_REFUSED })).toBeVisible(SIGN_IN_TIMEOUT);
    await expectNoAxeViolations(page);

    const suspended = claimPoolMember({ suspended: true });
    await gotoHydrated(page, "/auth");
    const after = await askForCode(page, suspended.email);
    await page.getByLabel("Code", { exact: true }).fill(await emailedSignInCode(suspended.email, after));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: MEMBERSHIP_PAUSED })).toBeVisible(SIGN_IN_TIMEOUT);
    await expect(page.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("signed in, the header shows the members navigation and Sign Out; signing out ends the session", async ({ page, context }) => {
    const member = createMember();
    await signIn(page, member.email);
    const navigation = page.getByRole("navigation", { name: "Main" });
    for (const label of [
      "Home",
      "Memberships",
      "Cigar Academy",
      "Members Area",
      "Calendar",
      "Media Kit",
      "Rewards Shop",
      "Partners",
      "Game Room",
    ]) {
      await expect(navigation.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(navigation.getByRole("link", { name: "Bosses Only" })).toHaveAttribute("href", "/bosses-only");
    await expect(navigation.getByRole("link", { name: "Bosses Only" })).not.toContainText("Bosses Only");
    await expect(navigation.getByRole("link", { name: "Request Sit Down" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Member Login" })).toHaveCount(0);
    const session = (await context.cookies()).find((cookie) => cookie.name === "ember_session");
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Member Login" })).toBeVisible();
    // The old cookie no longer opens anything: the session is gone on the server.
    await context.addCookies([{ name: "ember_session", value: session!.value, url: page.url() }]);
    const replay = await page.request.get("/members", { maxRedirects: 0 });
    expect(replay.status()).toBe(302);
  });

  test("'Verifying membership...' shows while a navigation checks membership", async ({ page }) => {
    const member = createMember();
    await signIn(page, member.email);
    // Hydrated, so the link is a client-side navigation (before that it would load a new page).
    await gotoHydrated(page, "/memberships");
    await page.route("**/members.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Members Area" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Verifying membership..." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("First, the club rules.", { timeout: 15_000 });
  });

  test("works with the keyboard alone (Tab and Enter)", async ({ page }) => {
    const member = createMember();
    await gotoHydrated(page, "/auth");
    const email = page.getByLabel("Email", { exact: true });
    // Tab from the top of the page to the email field, as a keyboard user would.
    for (let presses = 0; presses < 60 && !(await email.evaluate((element) => element === document.activeElement)); presses++) {
      await page.keyboard.press("Tab");
    }
    await expect(email).toBeFocused();
    const after = newestOutboxId(member.email);
    await page.keyboard.type(member.email);
    await page.keyboard.press("Enter");
    // The code step puts the focus in the code field.
    await expect(page.getByLabel("Code", { exact: true })).toBeFocused(SIGN_IN_TIMEOUT);
    await page.keyboard.type(await emailedSignInCode(member.email, after));
    // Sign In waits (disabled) while the page still reloads its data after sending the code; a
    // keyboard user's Enter submits once it is enabled (app/features/sign-in/sign-in-form.tsx).
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/members", SIGN_IN_TIMEOUT);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  });

  test("the page's first load leaves out zod: the forms' schemas are checked by the action only", async ({ page }) => {
    // zod is 23 kB of gzip that the page's script never runs (docs/performance-notes.md). Counted as
    // the bench counts a first load (scripts/bench/page-weight.mjs): every script until the network
    // is idle. zod's error class keeps its name through minification, wherever the bundler puts it.
    const scripts: { path: string; body: Promise<string> }[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") {
        scripts.push({ path: new URL(response.url()).pathname, body: response.text().catch(() => "") });
      }
    });
    await gotoHydrated(page, "/auth");
    await page.waitForLoadState("networkidle");
    expect(scripts.map((script) => script.path)).toContainEqual(expect.stringMatching(/^\/assets\/sign-in-[^/]+\.js$/));
    const withZod: string[] = [];
    for (const script of scripts) if ((await script.body).includes("ZodError")) withZod.push(script.path);
    expect(withZod).toEqual([]);
  });
});

test.describe("member sign-in without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("plain form posts take the member from email to code to the members area", async ({ page }) => {
    const member = createMember();
    await page.goto("/auth");
    const after = await askForCode(page, member.email);
    await page.getByLabel("Code", { exact: true }).fill(await emailedSignInCode(member.email, after));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/members", SIGN_IN_TIMEOUT);
  });
});
