import type { Browser, BrowserContext, Page } from "@playwright/test";
import { renderSVG } from "uqr";
import { expect, expectNoAxeViolations, gotoHydrated, prepareContext, test, waitForHydration } from "../support/fixtures.ts";
import { signIn, signInAsNewMember } from "../support/members-fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";
import { demoAccounts } from "#scripts/members-demo-accounts.ts";

/**
 * The door in Chromium (docs/product-rules.md#door), the "Must hold": a member installs the
 * card and goes offline, and the door, offline too after one online sync, admits them from the
 * live QR; a code captured more than a minute earlier is refused; a member suspended while the
 * door is online is refused after the next sync; a guest checked in uses up the allowance.
 *
 * The camera is driven by FEEDING FRAMES: an init script replaces getUserMedia with the stream of
 * a canvas (canvas.captureStream()) on which the test draws the QR, a screenshot of the card's QR
 * or a code re-encoded with uqr. Linux Chromium has no BarcodeDetector, so this is jsqr's path.
 */

/** Runs in the door page before its scripts: a fake rear camera showing whatever the test draws. */
function fakeCamera() {
  const canvas = document.createElement("canvas");
  canvas.width = 640;
  canvas.height = 480;
  const context = canvas.getContext("2d")!;
  let shown: HTMLImageElement | null = null;
  const draw = () => {
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    if (shown) context.drawImage(shown, 140, 60, 360, 360);
  };
  draw();
  // Drawn again and again, so the stream always has a fresh frame.
  setInterval(draw, 50);
  (window as unknown as { showToCamera: (url: string | null) => Promise<void> }).showToCamera = async (url) => {
    if (!url) {
      shown = null;
      return;
    }
    const image = new Image();
    image.src = url;
    await image.decode();
    shown = image;
  };
  navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(20);
}

const showToCamera = (door: Page, url: string | null) =>
  door.evaluate((src) => (window as unknown as { showToCamera: (url: string | null) => Promise<void> }).showToCamera(src), url);

/** A code as a QR image, re-encoded with uqr (a printed copy of the card's code). */
const qrOf = (code: string) => `data:image/svg+xml;base64,${Buffer.from(renderSVG(code, { border: 2 })).toString("base64")}`;

/** The door page, signed in as the demo door staff member, at the Business Lounge, its list synced. */
async function openDoor(door: Page, context: BrowserContext, { checkLoungeChoice = false } = {}) {
  await context.grantPermissions(["camera"]);
  await door.addInitScript(fakeCamera);
  await signIn(door, demoAccounts.door.email);
  // Door staff land on the door.
  await expect(door).toHaveURL("/door");
  await waitForHydration(door);
  if (checkLoungeChoice) {
    await expect(door.getByRole("heading", { name: "Which lounge is this door?" })).toBeVisible();
    await expectNoAxeViolations(door);
    await screenshots(door, "lounge");
  }
  await door.getByRole("button", { name: "Business Lounge" }).click();
  await expect(door.getByTestId("door-sync-status")).toHaveText(/^List synced \w{3}, \w{3} \d{1,2} at \d{1,2}:\d{2} (am|pm)$/);
}

/** A member's browser: signed in, on the card page, its service worker in control. */
async function memberWithCard(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext();
  await prepareContext(context, baseURL);
  const page = await context.newPage();
  const member = await signInAsNewMember(page, { rulesAccepted: true });
  await gotoHydrated(page, "/members/card");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  return { context, page, member };
}

async function liveCode(card: Page): Promise<string> {
  const qr = card.getByTestId("member-code");
  await expect(qr).toHaveAttribute("data-code", /^EO1\./);
  return (await qr.getAttribute("data-code")) ?? "";
}

const verdict = (door: Page) => door.getByTestId("door-verdict");

test("a member installs the card and goes offline; the door, offline too, admits them from the live QR", async ({
  page: door,
  context,
  browser,
  baseURL,
}) => {
  const card = await memberWithCard(browser, baseURL);
  await openDoor(door, context);

  // The door keeps its page and assets for the evening: its worker is active and holds them all.
  await expect
    .poll(() => door.evaluate(async () => (await navigator.serviceWorker.getRegistration("/door"))?.active?.state), { timeout: 20_000 })
    .toBe("activated");
  await door.getByRole("button", { name: "Scan cards" }).click();
  await door.getByRole("button", { name: "Stop the camera" }).click();
  await expect
    .poll(
      () =>
        door.evaluate(async () => {
          const assets = performance
            .getEntriesByType("resource")
            .map((entry) => entry.name)
            .filter((url) => new URL(url).pathname.startsWith("/assets/"));
          const missing = await Promise.all(assets.map(async (url) => ((await caches.match(url)) ? [] : [url])));
          if (!(await caches.match("/door"))) missing.push(["/door"]);
          return missing.flat();
        }),
      { timeout: 20_000 },
    )
    .toEqual([]);

  // Both go offline; the card shows a code made on the phone, the door reopens from its own copy.
  await card.context.setOffline(true);
  await card.page.reload();
  const offlineCode = await liveCode(card.page);
  await context.setOffline(true);
  await door.reload();
  await waitForHydration(door);
  await expect(door.getByTestId("door-sync-status")).toHaveText(
    /^Offline — 0 check-ins waiting to sync — list synced \w{3}, \w{3} \d{1,2} at \d{1,2}:\d{2} (am|pm)$/,
  );

  // The live QR, as the door's camera sees it: a picture of the member's screen.
  const shot = await card.page.getByTestId("member-code").screenshot();
  await door.getByRole("button", { name: "Scan cards" }).click();
  await showToCamera(door, `data:image/png;base64,${shot.toString("base64")}`);
  await expect(verdict(door)).toHaveAttribute("data-verdict", "admit");
  await expect(verdict(door).getByRole("heading")).toHaveText(card.member.name);
  await expectNoAxeViolations(door);
  await screenshots(door, "admit");
  await showToCamera(door, null);
  await door.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(door.getByTestId("door-notice")).toHaveText(`${card.member.name} checked in.`);
  await expect(door.getByTestId("door-sync-status")).toHaveText(/^Offline — 1 check-in waiting to sync — list synced /);
  expect(offlineCode).toMatch(/^EO1\./);

  // Back online, the queue syncs once; the evening's list has the member, synced.
  await context.setOffline(false);
  await expect(door.getByTestId("door-sync-status")).toHaveText(/^List synced \w{3}, \w{3} \d{1,2} at \d{1,2}:\d{2} (am|pm)$/);
  await expect(door.getByTestId("door-evening")).toContainText(card.member.name);
  await expect(door.getByTestId("door-evening")).not.toContainText("waiting to sync");
  const offlineCheckIns = () =>
    queryLocalD1<{ n: number }>(
      "SELECT count(*) AS n FROM door_check_ins JOIN members ON members.id = door_check_ins.member_id WHERE members.email = ? AND offline = 1",
      card.member.email,
    )[0]?.n;
  await expect.poll(offlineCheckIns).toBe(1);
  await card.context.close();
});

test("a code captured more than a minute earlier is refused", async ({ page: door, context, browser, baseURL }) => {
  const card = await memberWithCard(browser, baseURL);
  const captured = await liveCode(card.page);
  await card.context.close();
  await openDoor(door, context);
  // Ninety seconds later by the door's clock (Playwright's clock; nothing sleeps).
  await door.clock.setFixedTime(Date.now() + 90_000);
  await door.getByRole("button", { name: "Scan cards" }).click();
  await showToCamera(door, qrOf(captured));
  await expect(verdict(door)).toHaveAttribute("data-verdict", "refuse");
  await expect(verdict(door).getByRole("heading")).toHaveText("Code too old — taken more than a minute ago");
  await expectNoAxeViolations(door);
  await screenshots(door, "refuse");
});

test("a member suspended while the door is online is refused after the next sync", async ({ page: door, context, browser, baseURL }) => {
  const card = await memberWithCard(browser, baseURL);
  const code = await liveCode(card.page);
  await openDoor(door, context, { checkLoungeChoice: true });

  // The concierge suspends the member from the console.
  const concierge = await browser.newContext();
  await prepareContext(concierge, baseURL);
  const consolePage = await concierge.newPage();
  await signIn(consolePage, demoAccounts.concierge.email);
  const id = queryLocalD1<{ id: string }>("SELECT id FROM members WHERE email = ?", card.member.email)[0]?.id;
  const suspended = await consolePage.request.post(`/concierge/members/${id}`, {
    form: { intent: "suspend", confirmed: "yes" },
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(suspended.status()).toBeLessThan(400);
  await concierge.close();

  // The next sync (the browser coming back online, as it does every 3 minutes) brings the news.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(() => door.evaluate(() => performance.getEntriesByName(`${location.origin}/door/list`).length)).toBeGreaterThan(1);
  await expect(door.getByTestId("door-sync-status")).toHaveText(/^List synced \w{3}, /);
  await door.getByRole("button", { name: "Scan cards" }).click();
  await showToCamera(door, qrOf(code));
  await expect(verdict(door)).toHaveAttribute("data-verdict", "refuse");
  await expect(verdict(door).getByRole("heading")).toHaveText("Membership suspended");
  await card.context.close();
});

test("a guest checked in at the door uses up the member's allowance", async ({ page: door, context, browser, baseURL }) => {
  const card = await memberWithCard(browser, baseURL);
  await card.context.close();
  await openDoor(door, context);

  const findMember = async () => {
    await door.getByLabel("Search by name").fill(card.member.name);
    await door.getByRole("button", { name: new RegExp(`^${card.member.name} ·`) }).click();
    await expect(verdict(door)).toHaveAttribute("data-verdict", "admit");
  };
  await findMember();
  await expect(door.getByTestId("door-guests-left")).toHaveText("(1 left today)");
  await door.getByLabel(/^Add a guest/).fill("Grace Hopper");
  await door.getByRole("button", { name: "Add", exact: true }).click();
  await expect(door.getByTestId("door-guests-left")).toHaveText("(no guests left today)");
  await door.getByRole("button", { name: "Check in with 1 guest" }).click();
  await expect(door.getByTestId("door-notice")).toHaveText(`${card.member.name} checked in with 1 guest.`);
  await expect(door.getByTestId("door-evening")).toContainText("with Grace Hopper");

  // The same member again: a repeat, with the earlier time, and no guest left today.
  await findMember();
  await expect(door.getByTestId("door-repeat")).toHaveText(/^Already checked in tonight at \d{1,2}:\d{2} (am|pm)\.$/);
  await expect(door.getByTestId("door-guests-left")).toHaveText("(no guests left today)");
  const visits = () =>
    queryLocalD1<{ guest_name: string }>(
      "SELECT guest_name FROM guest_visits JOIN members ON members.id = guest_visits.host_member_id WHERE members.email = ?",
      card.member.email,
    );
  await expect.poll(visits).toEqual([{ guest_name: "Grace Hopper" }]);
  await expectNoAxeViolations(door);
  await screenshots(door, "repeat");
});

test("the door is door staff's and concierges' alone: a member and a visitor get the 404, door staff get no console", async ({
  page,
  browser,
  baseURL,
}) => {
  const visitor = await browser.newContext();
  await prepareContext(visitor, baseURL);
  const visitorPage = await visitor.newPage();
  for (const path of ["/door", "/door/list", "/door/photos/anyone"]) expect((await visitorPage.goto(path))?.status(), path).toBe(404);
  await visitor.close();

  await signInAsNewMember(page);
  for (const path of ["/door", "/door/list", "/door/check-ins"]) expect((await page.goto(path))?.status(), path).toBe(404);
  await expect(page.getByRole("link", { name: "Door", exact: true })).toHaveCount(0);

  const staff = await browser.newContext();
  await prepareContext(staff, baseURL);
  const staffPage = await staff.newPage();
  await signIn(staffPage, demoAccounts.door.email);
  await expect(staffPage.locator('header a[href="/door"]')).toBeAttached();
  for (const path of ["/concierge", "/concierge/members", "/concierge/audit-log"])
    expect((await staffPage.goto(path))?.status(), path).toBe(404);
  await staff.close();
});

async function screenshots(door: Page, state: string) {
  const original = door.viewportSize();
  for (const width of [390, 1024, 1440]) {
    await door.setViewportSize({ width, height: 900 });
    await door.screenshot({ path: `/tmp/door-${state}-${width}.png`, fullPage: true });
  }
  if (original) await door.setViewportSize(original);
}
