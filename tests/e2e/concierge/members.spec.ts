import { mkdirSync } from "node:fs";
import { deflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { demoAccounts } from "#scripts/members-demo-accounts.ts";
import {
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutScripts,
  expectToast,
  prepareContext,
  test,
  waitForHydration,
} from "../support/fixtures.ts";
import { SIGN_IN_TIMEOUT, signIn, signInAsNewMember } from "../support/members-fixtures.ts";

/**
 * The console's Members section (docs/product-rules.md#members) in Chromium: the demo concierge
 * finds a member by search, opens their page, adds a note, changes their tier, uploads a photo and
 * suspends them (with the confirmation step); the member's own browser is signed out at its next
 * request. axe on the list and the member page, with and without JavaScript; screenshots at three
 * widths in /tmp/members-screenshots for a person to look at.
 */
const SCREENSHOTS = "/tmp/members-screenshots";

/** A small PNG made here (a brass-to-cedar gradient, 40 × 50), so the test needs no binary fixture. */
function gradientPng(width = 40, height = 50): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const t = y / (height - 1);
    for (let x = 0; x < width; x += 1) {
      const offset = y * (width * 3 + 1) + 1 + x * 3;
      rows.set([Math.round(191 - 120 * t), Math.round(154 - 110 * t), Math.round(91 - 60 * t)], offset);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function screenshots(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const width of [390, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: scrolled, the sticky header would be painted over the middle of a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  // The phone's long page in screen-sized parts too, to be read at full size.
  await page.setViewportSize({ width: 390, height: 900 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0, part = 1; top < height; top += 1400, part += 1) {
    const clip = { x: 0, y: top, width: 390, height: Math.min(1400, height - top) };
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-390-part${part}.png`, fullPage: true, clip });
  }
  if (original) await page.setViewportSize(original);
}

test("the concierge finds a member, notes, changes tier, adds a photo and suspends them; the member is signed out", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The member, signed in in their own browser.
  const memberContext = await browser.newContext();
  await prepareContext(memberContext, baseURL);
  const memberPage = await memberContext.newPage();
  const member = await signInAsNewMember(memberPage, { rulesAccepted: true });

  await signIn(page, demoAccounts.concierge.email, { redirectTo: "/concierge/members" });
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(page.getByRole("navigation", { name: "Concierge console" }).getByRole("link", { name: "Members" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await main.getByLabel("Name or email").fill(member.email.toUpperCase());
  await main.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\?q=/);
  await expect(main.getByRole("status").filter({ hasText: "1–1 of 1 member matching" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "members-list");
  await main.getByRole("link", { name: member.name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: member.name })).toBeVisible();
  const memberUrl = page.url();

  await main.getByLabel("New note").fill("Prefers the patio; a Padrón 1964 on arrival.");
  await main.getByRole("button", { name: "Add Note" }).click();
  await expectToast(page, "Note Added", "The note is on their record.");
  await expect(main.getByRole("listitem").filter({ hasText: "Prefers the patio" })).toContainText(demoAccounts.concierge.name);

  await main.getByLabel("New tier").selectOption({ label: "Kickback" });
  await main.getByRole("button", { name: "Change Tier" }).click();
  await expectToast(page, "Tier Changed", "The lower tier applies at the end of the paid period.");
  await expect(main.getByText("Kickback from the next renewal")).toBeVisible();

  await main.getByLabel("Photo file").setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: gradientPng() });
  await main.getByRole("button", { name: "Upload Photo" }).click();
  await expectToast(page, "Photo Added", "It shows on their member card and at the door.");
  const photo = main.getByRole("img", { name: `Photo of ${member.name}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(40);
  // The first upload's toast has gone (4.5 s), so the next one seen is the next upload's answer.
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "Photo Added" })).toHaveCount(0, {
    timeout: 10_000,
  });
  // A phone-sized photo is drawn smaller and sent as a JPEG by the page before upload (photo-shrink.ts).
  await main.getByLabel("New photo file").setInputFiles({ name: "IMG_0042.png", mimeType: "image/png", buffer: gradientPng(2400, 1800) });
  await main.getByRole("button", { name: "Upload Photo" }).click();
  await expectToast(page, "Photo Added", "It shows on their member card and at the door.");
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
  const served = await page.request.get(`${new URL(memberUrl).pathname}/photo`);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  // A HEIC this browser cannot read goes as chosen, and the club says which formats it shows.
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic", "latin1"), Buffer.alloc(12)]);
  await main.getByLabel("New photo file").setInputFiles({ name: "IMG_0043.HEIC", mimeType: "image/heic", buffer: heic });
  await main.getByRole("button", { name: "Upload Photo" }).click();
  await expect(main.getByText(/This photo is HEIC.*Choose a JPEG, PNG or WebP/)).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);

  await expectNoAxeViolations(page);
  await screenshots(page, "member-page");

  await main.getByRole("link", { name: "Suspend…" }).click();
  const confirmation = main.getByRole("group", { name: /Suspend .*\?/ });
  await expect(confirmation).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "member-suspend-confirmation");
  await confirmation.getByRole("button", { name: "Yes, suspend" }).click();
  await expectToast(page, "Member Suspended", "They are signed out everywhere");
  await expect(main.getByRole("button", { name: "Reactivate" })).toBeVisible();

  // The member's next request finds their session ended: back to sign-in.
  await memberPage.goto("/members/guests");
  await expect(memberPage).toHaveURL(/\/auth\?redirectTo=%2Fmembers%2Fguests/, SIGN_IN_TIMEOUT);
  await memberContext.close();

  // The same pages without JavaScript: axe on the server's HTML, and the confirmation step works.
  const noScript = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    await plain.goto("/concierge/members?status=suspended");
    await expectNoAxeViolationsWithoutScripts(plain);
    await plain.goto(memberUrl);
    await expect(plain.getByRole("button", { name: "Reactivate" })).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(plain);
    await plain.getByRole("button", { name: "Reactivate" }).click();
    await expect(plain.getByRole("link", { name: "Suspend…" })).toBeVisible();
  } finally {
    await noScript.close();
  }
});
