import { type Locator, type Page } from "@playwright/test";
import { expect, expectNoAxeViolationsAtWidths, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { screenshots } from "../support/admissions-fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";
import { E2E_CALENDAR } from "../support/calendar-seed.ts";

/**
 * /members/academy end to end (docs/product-rules.md#members-pages), against the terms the seed puts
 * on the calendar (tests/e2e/support/calendar-seed.ts): a member of each tier sees and enrols in only
 * the courses the tier includes; a term whose enrolment has not opened says when it opens; enrolling
 * with the keyboard alone; every state passes axe; and without JavaScript enrolling works.
 */
const { foundations, blending, later } = E2E_CALENDAR;
const PHONE = { width: 390, height: 844 };

const termCard = (page: Page, title: string): Locator => page.getByRole("article", { name: title });

test.describe("each tier's Academy", () => {
  const tiers = [
    { tier: "kickback", sees: [foundations], misses: [blending] },
    { tier: "business", sees: [foundations, blending], misses: [] },
  ] as const;

  for (const { tier, sees, misses } of tiers) {
    test(`a ${tier} member sees and enrols in only the courses the tier includes`, async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsNewMember(page, { tier, rulesAccepted: true });
      // Reached from the calendar's links on the events page.
      await gotoHydrated(page, "/members/events");
      await page.getByRole("navigation", { name: "Club calendar" }).getByRole("link", { name: "Cigar Academy" }).click();
      await expect(page).toHaveURL("/members/academy");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cigar Academy");
      for (const term of sees) await expect(termCard(page, term.title)).toBeVisible();
      for (const term of misses) await expect(termCard(page, term.title)).toHaveCount(0);

      // Every session in Portland time; enrolment of the later term not yet open.
      const card = termCard(page, foundations.title);
      await expect(card.getByRole("listitem")).toHaveCount(4);
      await expect(card.locator("time").first()).toHaveText(/, 6:30 PM to 8:00 PM P[SD]T$/);
      await expect(card).toContainText(/\d+ seats left/);
      const notOpen = termCard(page, later.title);
      await expect(notOpen).toContainText(/Enrolment opens on [A-Z][a-z]+ \d{1,2}\./);
      await expect(notOpen.getByRole("button")).toHaveCount(0);
      await expectNoAxeViolationsAtWidths(page);

      const last = sees[sees.length - 1]!;
      await termCard(page, last.title)
        .getByRole("button", { name: `Enrol for ${last.title}` })
        .click();
      await expectToast(page, "Enrolled", "Your seat is held. We will remind you the day before the first session.");
      await expect(termCard(page, last.title)).toContainText("Booked.");
      await expectNoAxeViolationsAtWidths(page);
      await screenshots(page, `members-academy-${tier}`);

      await page.goto("/members");
      await expect(page.getByRole("region", { name: "Your next bookings" }).getByRole("link", { name: last.title })).toHaveAttribute(
        "href",
        `/members/academy#term-${last.id}`,
      );

      await gotoHydrated(page, "/members/academy");
      await termCard(page, last.title)
        .getByRole("button", { name: `Cancel my place in ${last.title}` })
        .click();
      await expectToast(page, "Place cancelled", "Your seat has gone back to the members.");
      await expect(termCard(page, last.title).getByRole("button", { name: `Enrol for ${last.title}` })).toBeVisible();
    });
  }
});

test("enrolling with the keyboard alone (Tab and Enter)", async ({ page }) => {
  await signInAsNewMember(page, { rulesAccepted: true });
  await gotoHydrated(page, "/members/academy");
  const enrol = termCard(page, foundations.title).getByRole("button", { name: `Enrol for ${foundations.title}` });
  for (let presses = 0; presses < 80 && !(await enrol.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(enrol).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Enrolled", "Your seat is held.");
  // Focus lands on the term's card, so the next Tabs reach its calendar file and its cancel.
  await expect(termCard(page, foundations.title)).toBeFocused();
  const cancel = termCard(page, foundations.title).getByRole("button", { name: /^Cancel my place/ });
  for (let presses = 0; presses < 5 && !(await cancel.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Place cancelled", "Your seat has gone back to the members.");
  await expect(termCard(page, foundations.title)).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("enrolling and cancelling work as plain form posts, the confirmation on the page", async ({ page }) => {
    await signInAsNewMember(page, { rulesAccepted: true });
    await page.goto("/members/academy");
    await termCard(page, foundations.title)
      .getByRole("button", { name: `Enrol for ${foundations.title}` })
      .click();
    await expect(page).toHaveURL(`/members/academy?done=enrolled#term-${foundations.id}`);
    await expect(page.getByRole("region", { name: "Terms ahead" }).getByRole("status")).toContainText("Enrolled. Your seat is held.");
    await expect(termCard(page, foundations.title)).toContainText("Booked.");

    await termCard(page, foundations.title)
      .getByRole("button", { name: /^Cancel my place/ })
      .click();
    await expect(page.getByRole("region", { name: "Terms ahead" }).getByRole("status")).toContainText(
      "Place cancelled. Your seat has gone back to the members.",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
