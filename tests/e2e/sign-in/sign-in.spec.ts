import { expect, expectNoAxeViolations, gotoHydrated, test } from "../support/fixtures.ts";
import { SIGN_IN_TIMEOUT, createMember, signIn } from "../support/members-fixtures.ts";

/** Signing in at /auth, the signed-in header, and signing out. */
test.describe("member sign-in", () => {
  test.setTimeout(60_000);

  test("a visitor asking for /rewards?x=1 signs in and lands back on /rewards?x=1", async ({ page }) => {
    const member = createMember({ points: 1200 });
    await page.goto("/rewards?x=1");
    await expect(page).toHaveURL("/auth?redirectTo=%2Frewards%3Fx%3D1");
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(member.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/rewards?x=1", SIGN_IN_TIMEOUT);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("First, the club rules.");
  });

  test("a redirectTo that leaves the site goes home instead", async ({ page }) => {
    const member = createMember();
    await page.goto("/auth?redirectTo=%2F%2Fevil.example%2Fsteal");
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(member.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/", SIGN_IN_TIMEOUT);
  });

  test("a wrong password gets one message that does not say whether the email is known, focused and announced", async ({ page }) => {
    const member = createMember();
    for (const email of [member.email, "nobody@members.example"]) {
      await page.goto("/auth");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Sign In" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "The email or password is incorrect." });
      await expect(alert).toBeVisible(SIGN_IN_TIMEOUT);
      await expect(alert).toBeFocused();
    }
    await expectNoAxeViolations(page);
  });

  test("signed in, the header shows the members navigation and Sign Out; signing out ends the session", async ({ page, context }) => {
    const member = createMember();
    await signIn(page, member.email, member.password);
    const navigation = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Home", "Memberships", "Cigar Academy", "Members Area", "Media Kit", "Rewards Shop", "Partners", "Game Room"]) {
      await expect(navigation.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(navigation.getByRole("link", { name: "Bosses Only" })).toHaveAttribute("href", "/bosses-only");
    await expect(navigation.getByRole("link", { name: "Bosses Only" })).not.toContainText("Bosses Only");
    await expect(navigation.getByRole("link", { name: "Request Sit Down" })).toHaveCount(0);
    await expect(navigation.getByRole("link", { name: "Member Login" })).toHaveCount(0);
    const session = (await context.cookies()).find((cookie) => cookie.name === "ember_session");
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(navigation.getByRole("link", { name: "Member Login" })).toBeVisible();
    // The old cookie no longer opens anything: the session is gone on the server.
    await context.addCookies([{ name: "ember_session", value: session!.value, url: page.url() }]);
    const replay = await page.request.get("/members", { maxRedirects: 0 });
    expect(replay.status()).toBe(302);
  });

  test("'Verifying membership...' shows while a navigation checks membership", async ({ page }) => {
    const member = createMember();
    await signIn(page, member.email, member.password);
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

  test("works with the keyboard alone", async ({ page }) => {
    const member = createMember();
    await page.goto("/auth");
    await page.getByLabel("Email").focus();
    await page.keyboard.type(member.email);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password")).toBeFocused();
    await page.keyboard.type(member.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/members", SIGN_IN_TIMEOUT);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  });
});
