import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolationsAtWidths, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { screenshots } from "../support/admissions-fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";
import { E2E_CALENDAR } from "../support/calendar-seed.ts";

/**
 * The private calendar feed end to end (docs/product-rules.md#calendar-files-and-the-private-feed,
 * docs/security.md#calendar-feeds): a member RSVPs to the evening seeded for this spec (its own, so
 * no other spec's places run out under it), makes the feed's
 * address on /members/calendar and copies it; the address, read without any session as a calendar
 * app reads it, lists the booking in Portland time; a later visit never shows the address again;
 * 'Stop the feed' on 'Sign-in & devices' ends it. Without JavaScript the address is a read-only
 * field to copy by hand.
 */

const PHONE = { width: 390, height: 844 };

const { feed: evening } = E2E_CALENDAR;

async function rsvpToEvening(page: Page) {
  await gotoHydrated(page, `/members/events/${evening.id}`);
  await page.getByRole("button", { name: "RSVP", exact: true }).click();
  await expectToast(page, "RSVP confirmed", "Your place is held.");
}

test("the feed lists the member's booking in Portland time, is shown once, and 'Stop the feed' ends it", async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await signInAsNewMember(page, { tier: "business", rulesAccepted: true });
  await rsvpToEvening(page);

  await gotoHydrated(page, "/members/calendar");
  const feed = page.getByRole("region", { name: "You have no feed yet" });
  await expect(feed).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await feed.getByRole("button", { name: "Make my feed address" }).click();
  await expectToast(page, "Feed address made", "Copy it now: it is shown only once.");

  const field = page.getByRole("textbox", { name: "Feed address" });
  await expect(field).toHaveAttribute("readonly", "");
  const address = await field.inputValue();
  expect(address).toMatch(new RegExp(`^${baseURL}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, "members-calendar-feed");

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied. Paste it into your calendar app." })).toBeVisible();

  // A calendar app: no cookie, no session.
  const app = await playwright.request.newContext();
  try {
    const answer = await app.get(address);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(answer.headers()["referrer-policy"]).toBe("no-referrer");
    const text = await answer.text();
    expect(text).toContain(`\r\nUID:event-${evening.id}@localhost\r\n`);
    expect(text).toContain(`\r\nSUMMARY:${evening.title}\r\n`);
    // The seed sets the evening at 7 pm Portland time.
    expect(text).toMatch(/\r\nDTSTART;TZID=America\/Los_Angeles:\d{8}T190000\r\n/);
    expect(text).toContain("\r\nBEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n");
    expect(text).toContain("\r\nSTATUS:CONFIRMED\r\n");

    // Later visits say the feed is on and when it was read, never the address.
    await gotoHydrated(page, "/members/calendar");
    const on = page.getByRole("region", { name: "Your feed is on" });
    await expect(on).toContainText("Last read by a calendar app");
    await expect(on).not.toContainText("Not yet");
    await expect(page.getByRole("textbox", { name: "Feed address" })).toHaveCount(0);
    expect(await page.content()).not.toContain(new URL(address).pathname);

    await gotoHydrated(page, "/members/devices");
    const block = page.getByRole("region", { name: "Calendar feed" });
    await expect(block).toBeVisible();
    await expectNoAxeViolationsAtWidths(page);
    await block.getByRole("button", { name: "Stop the feed" }).click();
    await expectToast(page, "Calendar feed stopped", "Its address no longer works; your calendar app will stop updating it.");
    await expect(page.getByRole("region", { name: "Calendar feed" })).toHaveCount(0);
    expect((await app.get(address)).status()).toBe(404);
  } finally {
    await app.dispose();
  }
});

test("replacing the address ends the old one at once", async ({ page, playwright }) => {
  await signInAsNewMember(page, { rulesAccepted: true });
  await gotoHydrated(page, "/members/calendar");
  await page.getByRole("button", { name: "Make my feed address" }).click();
  const first = await page.getByRole("textbox", { name: "Feed address" }).inputValue();
  await page.getByRole("button", { name: "Replace address" }).click();
  await expectToast(page, "New address made", "The old address no longer works. Copy the new one now: it is shown only once.");
  const second = await page.getByRole("textbox", { name: "Feed address" }).inputValue();
  expect(second).not.toBe(first);
  const app = await playwright.request.newContext();
  try {
    expect((await app.get(first)).status()).toBe(404);
    expect((await app.get(second)).status()).toBe(200);
    await page.getByRole("button", { name: "Stop the feed" }).click();
    await expectToast(page, "Calendar feed stopped", "Its address no longer works; your calendar app will stop updating it.");
    await expect(page.getByRole("region", { name: "You have no feed yet" })).toBeVisible();
    expect((await app.get(second)).status()).toBe(404);
  } finally {
    await app.dispose();
  }
});

test("robots.txt keeps crawlers away from feed addresses", async ({ request }) => {
  expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /calendar\n");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the address is made by a plain form post and shown in a read-only field, with no Copy button", async ({ page }) => {
    await signInAsNewMember(page, { rulesAccepted: true });
    await page.goto("/members/calendar");
    await page.getByRole("button", { name: "Make my feed address" }).click();
    const field = page.getByRole("textbox", { name: "Feed address" });
    await expect(field).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect(field).toHaveAttribute("readonly", "");
    await expect(page.getByRole("button", { name: "Copy address" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Your feed is on" })).toBeVisible();
  });
});
