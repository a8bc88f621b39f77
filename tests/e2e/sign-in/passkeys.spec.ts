import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "../support/fixtures.ts";
import { SIGN_IN_TIMEOUT, signInAsNewMember } from "../support/members-fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";
import { addVirtualAuthenticator, passkeyUnknownToTheSite, type StoredCredential } from "../support/virtual-authenticator.ts";

/** Passkeys with Chromium's virtual authenticator: added on Sign-in & devices, then used at /auth. */
test.describe("passkeys", () => {
  test.setTimeout(90_000);

  /** A member signed in by emailed code adds a passkey on /members/devices; the passkey it made. */
  async function addPasskeyOnDevicesPage(page: Page): Promise<{ email: string; passkey: StoredCredential }> {
    const member = await signInAsNewMember(page, { rulesAccepted: true });
    await gotoHydrated(page, "/members/devices");
    const authenticator = await addVirtualAuthenticator(page);
    await page.getByRole("button", { name: "Add a passkey" }).click();
    // Named after the browser that made it (the test browser says it is Chrome on Windows).
    await expect(page.getByRole("status").filter({ hasText: "Passkey added: Chrome on Windows." })).toBeVisible(SIGN_IN_TIMEOUT);
    await expect(page.getByRole("list", { name: "Passkeys" }).getByRole("heading", { name: "Chrome on Windows" })).toBeVisible();
    const [passkey] = await authenticator.credentials();
    expect(passkey).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
    await authenticator.remove();
    return { email: member.email, passkey: passkey! };
  }

  async function signOut(page: Page) {
    await page.getByRole("button", { name: "Sign Out", exact: true }).click();
    await expect(page).toHaveURL("/");
  }

  const storedPasskey = (email: string) =>
    queryLocalD1<{ counter: number; last_used_at: number | null; backed_up: number; device_type: string }>(
      "SELECT p.counter, p.last_used_at, p.backed_up, p.device_type FROM member_passkeys p JOIN members m ON m.id = p.member_id WHERE m.email = ?",
      email,
    );

  test("a member adds a passkey, signs out, and signs back in with 'Sign in with a passkey'", async ({ page }) => {
    const { email, passkey } = await addPasskeyOnDevicesPage(page);
    await expectNoAxeViolations(page);
    const [registered] = storedPasskey(email);
    expect(registered).toMatchObject({ last_used_at: null, backed_up: 1, device_type: "multiDevice" });
    await signOut(page);

    await gotoHydrated(page, "/auth?redirectTo=%2Fmembers%2Fdevices");
    // Added after the page loaded, the passkey waits for the button instead of answering the email field.
    const authenticator = await addVirtualAuthenticator(page);
    await authenticator.add(passkey);
    await page.getByRole("main").getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL("/members/devices", SIGN_IN_TIMEOUT);
    await expect(page.getByRole("button", { name: "Sign Out", exact: true })).toBeVisible();
    const [used] = storedPasskey(email);
    expect(used!.counter).toBeGreaterThan(registered!.counter);
    expect(used!.last_used_at).toEqual(expect.any(Number));
  });

  test("without JavaScript, removing a passkey lands back on the devices page, still signed in here", async ({
    page,
    browser,
    baseURL,
  }) => {
    await addPasskeyOnDevicesPage(page);
    // The same browser's cookies in a context without scripts: the page's plain form post.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
    const noScript = await context.newPage();
    await noScript.goto("/members/devices");
    await noScript.getByRole("button", { name: "Remove Chrome on Windows" }).click();
    await expect(noScript).toHaveURL("/members/devices?done=passkey-removed");
    await expect(noScript.getByRole("heading", { level: 1 })).toHaveText("Sign-in & devices");
    await expect(noScript.getByRole("region", { name: "Your passkeys" })).toContainText("No passkey holds your membership yet.");
    await expect(noScript.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem")).toHaveCount(1);
    await context.close();
  });

  test("a passkey offered in the email field's autofill signs the member in", async ({ page }) => {
    const { passkey } = await addPasskeyOnDevicesPage(page);
    await signOut(page);
    // With a passkey already on the authenticator when /auth loads, Chromium answers the email
    // field's autofill request (conditional mediation) with it, as a member picking it would.
    await page.goto("/");
    const authenticator = await addVirtualAuthenticator(page);
    await authenticator.add(passkey);
    await page.goto("/auth");
    await expect(page).toHaveURL("/members", SIGN_IN_TIMEOUT);
    await expect(page.getByRole("button", { name: "Sign Out", exact: true })).toBeVisible();
  });

  test("the WebAuthn library is in no first-load script of /auth or the home page", async ({ request }) => {
    for (const path of ["/auth", "/"]) {
      // Every script the page names, and every module those import statically (not import()).
      const html = await (await request.get(path)).text();
      const pending = [...html.matchAll(/["'](\/assets\/[\w.-]+\.js)["']/g)].map((match) => match[1]!);
      const loaded = new Set<string>();
      for (let script = pending.pop(); script; script = pending.pop()) {
        if (loaded.has(script)) continue;
        loaded.add(script);
        const code = await (await request.get(script)).text();
        expect(code, script).not.toContain("navigator.credentials");
        for (const [, name] of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) pending.push(`/assets/${name}`);
      }
      expect(loaded.size).toBeGreaterThan(5);
    }
  });

  test("a passkey the site does not know is refused with the one passkey message, announced", async ({ page }) => {
    await gotoHydrated(page, "/auth");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("autocomplete", "username webauthn");
    await expectNoAxeViolations(page);
    const authenticator = await addVirtualAuthenticator(page);
    await authenticator.add(passkeyUnknownToTheSite());
    await page.getByRole("main").getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "That passkey did not sign you in. Try again, or sign in with an emailed code." }),
    ).toBeVisible(SIGN_IN_TIMEOUT);
    await expect(page).toHaveURL("/auth");
    await expectNoAxeViolations(page);
  });
});
