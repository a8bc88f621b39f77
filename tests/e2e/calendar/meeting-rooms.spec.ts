import { type Locator, type Page } from "@playwright/test";
import { conciergePage, screenshots } from "../support/admissions-fixtures.ts";
import { expect, expectNoAxeViolations, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";
import { formatPortlandDay, portlandDay } from "#app/features/member-area/member-dates.ts";

/**
 * /members/meeting-rooms and /concierge/meeting-rooms end to end (docs/product-rules.md#meeting-rooms):
 * a Business member books an hour of the Alder Room, sees it in the day's table and their
 * reservations, the concierge sees it, and the member cancels it; a Kickback member reads which
 * tiers include the rooms and finds no form; a booking made with the keyboard alone. The rooms are
 * shared by every test: each picks a day at random and an hour the table shows free.
 */

/** A Business Lounge day (Monday to Saturday) 2 to 50 days ahead, at random, as YYYY-MM-DD. */
function randomOpenDay(): string {
  const offset = 2 + Math.floor(Math.random() * 49);
  const date = new Date(`${portlandDay(new Date())}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const region = (page: Page, name: string): Locator => page.getByRole("region", { name });
const hoursTable = (page: Page): Locator => page.getByRole("table", { name: /^Meeting rooms on / });

/** The first hour of the day whose Alder Room cell reads `state`: its row header, "9 am – 10 am". */
async function firstAlderHour(page: Page, state: string): Promise<string> {
  const row = hoursTable(page)
    .locator("tbody tr")
    .filter({ has: page.locator("td:nth-of-type(1)", { hasText: new RegExp(`^${state}$`) }) })
    .first();
  return (await row.getByRole("rowheader").innerText()).trim();
}

const alderCell = (page: Page, hourLabel: string): Locator =>
  hoursTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: hourLabel, exact: true }) })
    .getByRole("cell")
    .first();

test.describe("/members/meeting-rooms", () => {
  test("a Business member books an hour, sees it, the concierge sees it, and the member cancels it", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const member = await signInAsNewMember(page, { tier: "business", rulesAccepted: true });
    const day = randomOpenDay();
    await gotoHydrated(page, `/members/meeting-rooms?day=${day}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meeting rooms");
    await expect(page.getByText("6 of 6 hours left this week")).toBeVisible();
    await expect(hoursTable(page)).toBeVisible();
    await expectNoAxeViolations(page);

    const hourLabel = await firstAlderHour(page, "Free");
    const [start = "", end = ""] = hourLabel.split(" – ");
    const form = region(page, "Book a room");
    await form.getByLabel("Room").selectOption({ label: "Alder Room (seats 8)" });
    await form.getByLabel("Start").selectOption({ label: start });
    await form.getByLabel("Hours").selectOption({ label: "1 hour" });
    await form.getByRole("button", { name: "Book room" }).click();
    await expectToast(page, "Room booked", `The Alder Room is yours on ${formatPortlandDay(day)}, ${start} – ${end}.`);
    await expect(alderCell(page, hourLabel)).toHaveText("Yours");
    await expect(page.getByText(/5 of 6/)).toBeVisible();
    const reservations = region(page, "Your reservations");
    await expect(reservations).toContainText("Alder Room");
    await expect(reservations).toContainText(`${formatPortlandDay(day)} · ${hourLabel} · 1 hour`);
    await screenshots(page, "members-meeting-rooms");

    const concierge = await conciergePage(browser, baseURL);
    try {
      await gotoHydrated(concierge, `/concierge/meeting-rooms?day=${day}`);
      const alder = concierge.getByRole("region", { name: `Alder Room reservations on ${formatPortlandDay(day)}` });
      await expect(alder.getByRole("row").filter({ hasText: member.name })).toContainText(hourLabel);
      await expectNoAxeViolations(concierge);
    } finally {
      await concierge.context().close();
    }

    await reservations.getByRole("button", { name: `Cancel Alder Room on ${formatPortlandDay(day)}, ${hourLabel}` }).click();
    await expectToast(page, "Reservation cancelled", "The hours are free again.");
    await expect(reservations).toContainText("No reservations.");
    await expect(alderCell(page, hourLabel)).toHaveText("Free");
    await expect(page.getByText("6 of 6 hours left this week")).toBeVisible();
  });

  test("the concierge cancels a member's reservation after confirming it, and the member finds the hour free", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const member = await signInAsNewMember(page, { tier: "business", rulesAccepted: true });
    const day = randomOpenDay();
    await gotoHydrated(page, `/members/meeting-rooms?day=${day}`);
    const hourLabel = await firstAlderHour(page, "Free");
    const [start = ""] = hourLabel.split(" – ");
    const form = region(page, "Book a room");
    await form.getByLabel("Room").selectOption({ label: "Alder Room (seats 8)" });
    await form.getByLabel("Start").selectOption({ label: start });
    await form.getByLabel("Hours").selectOption({ label: "1 hour" });
    await form.getByRole("button", { name: "Book room" }).click();
    await expect(alderCell(page, hourLabel)).toHaveText("Yours");

    const concierge = await conciergePage(browser, baseURL);
    try {
      await gotoHydrated(concierge, `/concierge/meeting-rooms?day=${day}`);
      const alder = concierge.getByRole("region", { name: `Alder Room reservations on ${formatPortlandDay(day)}` });
      await alder.getByRole("link", { name: `Cancel ${member.name}'s Alder Room, ${hourLabel}` }).click();
      // Nothing is cancelled until staff confirm.
      const step = concierge.getByRole("region", { name: "Cancel a reservation" });
      await expect(step).toContainText(
        `Cancel ${member.name}'s reservation of the Alder Room on ${formatPortlandDay(day)}, ${hourLabel}? They are emailed`,
      );
      await expect(alder.getByRole("row").filter({ hasText: member.name })).toBeVisible();
      // The link scrolls the step into view below the sticky header, not under it, and focuses it.
      await expect(step.locator("#cancel-reservation")).toBeFocused();
      const headerBottom = await concierge.getByRole("banner").evaluate((header) => header.getBoundingClientRect().bottom);
      await expect
        .poll(() => step.locator("#cancel-reservation").evaluate((form) => form.getBoundingClientRect().top))
        .toBeGreaterThanOrEqual(headerBottom);
      await expectNoAxeViolations(concierge);
      await screenshots(concierge, "concierge-meeting-rooms-cancel");
      await step.getByRole("button", { name: "Yes, Cancel the Reservation" }).click();
      await expectToast(concierge, "Reservation cancelled", `${member.name}'s reservation of the Alder Room`);
      await expect(step).toBeHidden();
      await expect(alder.getByRole("row").filter({ hasText: member.name })).toHaveCount(0);
      expect(
        queryLocalD1<{ n: number }>(
          "SELECT count(*) AS n FROM security_events WHERE event_type = 'meeting_room_booking_cancelled_by_staff' AND metadata LIKE ?",
          `%${day}%`,
        )[0]!.n,
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await concierge.context().close();
    }

    await gotoHydrated(page, `/members/meeting-rooms?day=${day}`);
    await expect(alderCell(page, hourLabel)).toHaveText("Free");
    await expect(region(page, "Your reservations")).toContainText("No reservations.");
  });

  test("a Kickback member reads which tiers include the rooms, and finds no form", async ({ page }) => {
    await signInAsNewMember(page, { tier: "kickback", rulesAccepted: true });
    await gotoHydrated(page, "/members/meeting-rooms");
    await expect(page.getByRole("heading", { name: "Not part of your membership" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("They come with the Business and Platinum memberships");
    await expect(page.getByRole("button", { name: "Book room" })).toHaveCount(0);
    await expect(page.getByRole("table")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("can be booked with the keyboard alone", async ({ page }) => {
    await signInAsNewMember(page, { tier: "platinum", rulesAccepted: true });
    const day = randomOpenDay();
    await gotoHydrated(page, `/members/meeting-rooms?day=${day}`);
    // The form starts on the day shown and the Alder Room's first free hour.
    const hourLabel = await firstAlderHour(page, "Free");
    const form = region(page, "Book a room");
    await form.getByLabel("Room").focus();
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Day")).toBeFocused();
    // Chromium's date field takes a Tab for each of its parts (month, day, year) before the next field.
    const start = form.getByLabel("Start");
    for (let presses = 0; presses < 4 && !(await start.evaluate((element) => element === document.activeElement)); presses++)
      await page.keyboard.press("Tab");
    await expect(start).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Hours")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Book room" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectToast(page, "Room booked", `The Alder Room is yours on ${formatPortlandDay(day)}, ${hourLabel}.`);
    await expect(alderCell(page, hourLabel)).toHaveText("Yours");
    expect(
      queryLocalD1<{ n: number }>(
        "SELECT count(*) AS n FROM meeting_room_bookings WHERE day = ? AND status = 'booked' AND room = 'alder'",
        day,
      )[0]!.n,
    ).toBeGreaterThanOrEqual(1);
  });
});
