import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolationsAtWidths, gotoHydrated, test } from "../support/fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";
import { importClubPublicKey, verifyCardCode } from "#app/features/card/member-credential.ts";
import { readFileSync } from "node:fs";

/**
 * The member card in Chromium (docs/product-rules.md#member-card): a member opens /members/card,
 * the page is installable (its manifest linked, its service worker active), the QR's code verifies
 * with the club's public key as the door checks it, and with the network gone the page reloads
 * from the service worker's copy and shows a fresh code signed on the device.
 */

// The e2e server runs without CARD_SIGNING_KEY, so the labelled local development key signs: its
// public half is read from where it is defined (worker code needs the Worker's types, not Node's).
function clubKey() {
  const source = readFileSync("worker/features/card/club-card-key.ts", "utf8");
  const point = (name: string) => new RegExp(`\\b${name}: "([A-Za-z0-9_-]+)"`).exec(source)?.[1];
  return importClubPublicKey({ kty: "EC", crv: "P-256", x: point("x"), y: point("y") });
}

const code = (page: Page) => page.getByTestId("member-code");

async function currentCode(page: Page): Promise<string> {
  await expect(code(page)).toHaveAttribute("data-code", /^EO1\./);
  return (await code(page).getAttribute("data-code")) ?? "";
}

async function expectVerifies(text: string) {
  const verdict = await verifyCardCode(await clubKey(), text, Math.floor(Date.now() / 1000));
  expect(verdict).toMatchObject({ ok: true });
}

test("a member's card is installable, its code verifies, and it opens offline with a fresh code", async ({ page, context }) => {
  const member = await signInAsNewMember(page, { rulesAccepted: true });
  await gotoHydrated(page, "/members/card");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your member card");
  await expect(page.getByTestId("card-name")).toHaveText(member.name);

  // Installable: the manifest is linked from this page, scoped to the card.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/card.webmanifest");
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: "Ember & Oak card", start_url: "/members/card", scope: "/members/card" });

  // The code: a QR with the current code text, which the door's check accepts.
  await expect(code(page)).toHaveAttribute("role", "img");
  await expect(code(page).locator("svg")).toBeVisible();
  const online = await currentCode(page);
  await expectVerifies(online);
  await expect(page.getByText(/refreshes every 30 s/)).toBeVisible();

  // The card is listed among the member's cards, with Revoke.
  await expect(page.getByRole("list", { name: "Your cards" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^Revoke/ })).toBeVisible();

  // The service worker is active, controls the page and holds the page for offline.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe("/members/card");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("ember-oak-card-")).length))
    .toBe(2);
  await expect.poll(() => page.evaluate(async () => (await caches.match("/members/card")) !== undefined)).toBe(true);

  await expectNoAxeViolationsAtWidths(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("card-name")).toHaveText(member.name);
  await expect(page.getByText("Offline: shown from this device.", { exact: false })).toBeVisible();
  const offline = await currentCode(page);
  expect(offline).not.toBe(online);
  await expectVerifies(offline);
  await context.setOffline(false);

  for (const width of [390, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/card-${width}.png`, fullPage: true });
  }
});

test("signing out takes the card off the device: its caches, its key and its service worker", async ({ page }) => {
  await signInAsNewMember(page, { rulesAccepted: true });
  await gotoHydrated(page, "/members/card");
  await currentCode(page);
  await expect.poll(() => page.evaluate(async () => (await caches.match("/members/card")) !== undefined)).toBe(true);

  await page
    .locator('header form[action="/auth/sign-out"] button')
    .first()
    .evaluate((button: HTMLButtonElement) => button.form?.requestSubmit());
  await expect(page).toHaveURL("/");
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("ember-oak-card-")).length))
    .toBe(0);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((database) => database.name === "ember-oak-card")))
    .toBe(false);
});

test("a phone whose clock is off by more than 30 s is warned that the door may refuse its code", async ({ page }) => {
  await signInAsNewMember(page, { rulesAccepted: true });
  await page.clock.setSystemTime(Date.now() + 5 * 60_000);
  await gotoHydrated(page, "/members/card");
  await expect(page.getByTestId("clock-warning")).toContainText("This phone’s clock is 5 minutes ahead of the club’s");
});
