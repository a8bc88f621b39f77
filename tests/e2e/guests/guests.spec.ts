import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolationsAtWidths, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { conciergePage, screenshots } from "../support/admissions-fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";
import { formatPortlandDay, guestName, nextDay, registerForm, registerGuest, today } from "../support/guest-steps.ts";

/**
 * /members/guests and /concierge/guests end to end (docs/product-rules.md#guests): a member registers
 * a guest for today (the 21+ box ticked), the concierge expects them, today's guest has no cancel;
 * the member cancels tomorrow's guest and that day is free again, the log keeps the cancelled visit; the form's checks in the browser take the
 * member to the field. member-guests.spec.ts has the stale tab, the page without JavaScript and
 * the phone's width.
 */

const upcoming = (page: Page) => page.getByRole("region", { name: "Upcoming guests" });

test("a guest registered for today is expected by the concierge and cannot be cancelled; tomorrow's, cancelled, frees the day and the log says so", async ({
  page,
  browser,
  baseURL,
}) => {
  const host = await signInAsNewMember(page, { tier: "business", rulesAccepted: true });
  await gotoHydrated(page, "/members/guests");
  await expect(upcoming(page)).toContainText("No guests registered.");
  await expectNoAxeViolationsAtWidths(page);

  const day = today();
  const name = guestName("Marlowe");
  await registerGuest(page, { day, name, email: "marlowe.guest@example.com" });
  await expectToast(
    page,
    "Guest registered",
    `${name} is expected at the Business Lounge on ${formatPortlandDay(day)}. Their stick fee is waived.`,
  );
  const entry = upcoming(page).getByRole("listitem").filter({ hasText: name });
  await expect(entry).toContainText(`${formatPortlandDay(day)} · Business Lounge · stick fee waived`);
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, "members-guests");

  const concierge = await conciergePage(browser, baseURL);
  try {
    await gotoHydrated(concierge, "/concierge/guests");
    const expected = concierge
      .getByRole("table", { name: "Guests expected today at the Business Lounge" })
      .getByRole("row")
      .filter({ hasText: name });
    await expect(expected).toContainText(host.name);
    await expect(expected).toContainText("Waived");
    await expectNoAxeViolationsAtWidths(concierge);
    await screenshots(concierge, "concierge-guests");

    // Today's guest stands: no cancel (docs/product-rules.md#guests).
    await expect(entry).toContainText("Today: expected");
    await expect(entry.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);

    const later = nextDay(day);
    const laterName = guestName("Hollis");
    await registerGuest(page, { day: later, name: laterName });
    const laterEntry = upcoming(page).getByRole("listitem").filter({ hasText: laterName });
    await laterEntry.getByRole("button", { name: `Cancel ${laterName} on ${formatPortlandDay(later)}` }).click();
    await expectToast(page, "Guest cancelled", "The day is free again.");
    await expect(laterEntry).toHaveCount(0);
    await registerGuest(page, { day: later, name: guestName("Hollis") });

    await concierge.reload();
    const log = concierge.getByRole("search", { name: "Search the guest log" });
    await log.getByLabel("Guest name").fill(laterName);
    await log.getByRole("button", { name: "Search" }).click();
    await expect(concierge.getByText("Page 1: 1 registration, newest first.")).toBeVisible();
    const logged = concierge
      .getByRole("table", { name: "Guest registrations, newest first" })
      .getByRole("row")
      .filter({ hasText: laterName });
    await expect(logged).toContainText(host.name);
    await expect(logged).toContainText("Cancelled");
    await expectNoAxeViolationsAtWidths(concierge);
  } finally {
    await concierge.context().close();
  }
});

test("the browser's checks of the form take the member to the field: the 21+ box, then the email", async ({ page }) => {
  await signInAsNewMember(page, { tier: "business", rulesAccepted: true });
  await gotoHydrated(page, "/members/guests");
  const form = registerForm(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });

  await form.getByLabel("Guest's full name").fill(guestName("Ainsley"));
  await form.getByRole("button", { name: "Register guest" }).click();
  await expect(form.getByLabel(/^My guest is 21 or older$/)).toBeFocused();

  await form.getByLabel(/^My guest is 21 or older$/).check();
  await form.getByLabel("Guest's email (optional)").fill("ainsley-at-example.com");
  await form.getByRole("button", { name: "Register guest" }).click();
  await expect(form.getByLabel("Guest's email (optional)")).toBeFocused();
  expect(posts).toEqual([]);
  await expect(upcoming(page)).toContainText("No guests registered.");
});
