import { readFile } from "node:fs/promises";
import { AGE_GATE_COOKIE, expect, expectNoAxeViolations, expectToast, test, waitForHydration } from "../support/fixtures.ts";
import { conciergePage, emailTo, findApplication, linkInEmail, newApplicant, requestInvitation } from "../support/admissions-fixtures.ts";

/**
 * Sit-downs without JavaScript (docs/product-rules.md#sit-downs): the status page's forms are plain
 * POSTs answered by a redirect back to the page, so an applicant whose browser runs no scripts
 * books, moves and cancels a sit-down, and downloads its calendar file; with JavaScript the same
 * forms answer with a toast.
 */
const CLUB = "Ember & Oak Society";

/** A Portland date `daysAhead` days from now, as the date field takes it. */
function portlandDate(daysAhead: number): string {
  const date = new Date(Date.now() + daysAhead * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    date,
  );
}

/** A random quarter hour between 10:00 and 19:45, so parallel runs rarely meet in one lounge. */
function quarterHour(): string {
  const [quarter] = Array.from(crypto.getRandomValues(new Uint16Array(1)));
  const minutes = 10 * 60 + (quarter! % 40) * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

test("without JavaScript, an applicant books, moves and cancels a sit-down, and downloads its calendar file", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const applicant = newApplicant("Rowan");
  await requestInvitation(page, applicant, "Jordan Reyes");
  const acknowledgement = await emailTo(applicant.email, `Your request to ${CLUB} has arrived`);
  const statusLink = await linkInEmail(acknowledgement.body, "application");

  // The concierge publishes two slots in the Platinum Lounge and invites the applicant.
  const concierge = await conciergePage(browser, baseURL);
  const slots = [
    { day: portlandDate(45), time: quarterHour() },
    { day: portlandDate(46), time: quarterHour() },
  ];
  await concierge.goto("/concierge/sit-downs");
  await waitForHydration(concierge);
  for (const slot of slots) {
    await concierge.getByLabel("Lounge").selectOption({ label: "Platinum Lounge" });
    await concierge.getByLabel("Date").fill(slot.day);
    await concierge.getByLabel("Start time").fill(slot.time);
    await concierge.getByRole("button", { name: "Publish Slot" }).click();
    await expect(
      concierge.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "Slot Published" }),
    ).toBeVisible();
    await concierge.reload();
    await waitForHydration(concierge);
  }
  await expect(concierge.getByRole("table", { name: /^Sit-down slots on / }).first()).toBeVisible();
  await expectNoAxeViolations(concierge);
  const card = await findApplication(concierge, applicant);
  await card.getByRole("button", { name: "Invite to a Sit-Down" }).click();
  await expect(card).toContainText("Invited to book a sit-down on");

  // The applicant, in a browser without scripts, pastes the link the page cannot read from the address.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, acceptDownloads: true });
  await context.addCookies([{ name: AGE_GATE_COOKIE, value: "entered", url: baseURL! }]);
  const applicantPage = await context.newPage();
  await applicantPage.goto("/application");
  await applicantPage.getByLabel("Your application link").fill(statusLink);
  await applicantPage.getByRole("button", { name: "Open My Application" }).click();
  const sitDown = applicantPage.getByRole("region", { name: "Your sit-down" });
  await expect(sitDown).toBeVisible();
  // The status above the panel says what to do with it: choose a time, then that one is booked.
  const standing = applicantPage.getByRole("region", { name: "Under consideration" });
  await expect(standing).toContainText("You are invited to a sit-down at one of our lounges: choose a time below.");
  const platinum = sitDown.getByRole("group", { name: /Platinum Lounge/ });
  const times = platinum.getByRole("radio");
  await expect(times).not.toHaveCount(0);

  // Book the first time on offer, then move to another.
  await times.first().check();
  await sitDown.getByRole("button", { name: "Book Sit-Down" }).click();
  await expect(applicantPage).toHaveURL(/\/application\?sitDown=booked$/);
  await expect(sitDown.getByRole("heading", { name: "Booked" })).toBeVisible();
  await expect(sitDown).toContainText("Platinum Lounge, Northwest 23rd, Portland, Oregon");
  await expect(standing).toContainText("Your sit-down is booked: its details are below, where you can also move or cancel it.");
  await expect(standing).not.toContainText("choose a time");
  await emailTo(applicant.email, `Your sit-down at ${CLUB} is booked`);
  const firstWhen = await sitDown.getByRole("definition").first().textContent();

  const download = applicantPage.waitForEvent("download");
  await sitDown.getByRole("link", { name: "Add to Calendar" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("ember-and-oak-sit-down.ics");
  const calendar = await readFile((await file.path())!, "utf8");
  expect(calendar.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
  expect(calendar).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
  expect(calendar).toContain("\r\nLOCATION:Platinum Lounge\\, Northwest 23rd\\, Portland\\, Oregon\r\n");

  await platinum.getByRole("radio").first().check();
  await sitDown.getByRole("button", { name: "Move My Sit-Down" }).click();
  await expect(applicantPage).toHaveURL(/\/application\?sitDown=booked$/);
  await expect(sitDown.getByRole("definition").first()).not.toHaveText(firstWhen ?? "");

  await sitDown.getByRole("button", { name: "Cancel Sit-Down" }).click();
  await expect(applicantPage).toHaveURL(/\/application\?sitDown=cancelled$/);
  await expect(sitDown.getByRole("heading", { name: "Booked" })).toHaveCount(0);
  await expect(sitDown.getByRole("button", { name: "Book Sit-Down" })).toBeVisible();
  await expect(standing).toContainText("choose a time below.");
  await context.close();

  // With JavaScript the same forms stay on the page and raise a toast.
  await page.goto(statusLink);
  const panel = page.getByRole("region", { name: "Your sit-down" });
  await expect(panel).toBeVisible();
  await waitForHydration(page);
  await panel
    .getByRole("group", { name: /Platinum Lounge/ })
    .getByRole("radio")
    .first()
    .check();
  await panel.getByRole("button", { name: "Book Sit-Down" }).click();
  await expectToast(page, "Sit-Down Booked", "We have emailed you the details. The concierge looks forward to meeting you.");
  await expect(panel.getByRole("heading", { name: "Booked" })).toBeVisible();
  await expectNoAxeViolations(page);
  await panel.getByRole("button", { name: "Cancel Sit-Down" }).click();
  await expectToast(page, "Sit-Down Cancelled", "The time is free again. Choose another whenever you like.");
});
