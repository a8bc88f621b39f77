import { type Page } from "@playwright/test";
import { conciergePage } from "../support/admissions-fixtures.ts";
import { expect, expectNoAxeViolations, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";
import { nextDay, today } from "../support/guest-steps.ts";

const PHONE = { width: 390, height: 844 };
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * /members/guests end to end (docs/product-rules.md#guests): a fresh member registers a guest,
 * sees the allowance change, is refused a second guest for the day from a stale tab, and finds
 * today's guest listed as expected, without cancel (only a later day may be cancelled).
 */
const region = (page: Page, name: string) => page.getByRole("region", { name });

test.describe("/members/guests", () => {
  test("registers a guest, refuses the day's second from another tab with a clear message, and keeps today's guest", async ({
    page,
    context,
  }) => {
    await signInAsNewMember(page, { tier: "kickback", rulesAccepted: true });
    const staleTab = await context.newPage();
    await staleTab.goto("/members/guests");
    await gotoHydrated(page, "/members/guests");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your guests");
    await expect(page.getByText("4 of 4 guest days left this month.")).toBeVisible();
    await expectNoAxeViolations(page);
    const form = region(page, "Register a guest");

    await form.getByLabel("Guest's full name").fill("<b>Ada</b>");
    await form.getByLabel("My guest is 21 or older").check();
    await form.getByRole("button", { name: "Register guest" }).click();
    await expect(form.getByLabel("Guest's full name")).toHaveAttribute("aria-invalid", "true");
    await expect(form).toContainText("Please use letters, spaces, hyphens and apostrophes only.");
    await expect(form.getByLabel("Guest's full name")).toBeFocused();

    await form.getByLabel("Guest's full name").fill("Ada Lovelace");
    await form.getByRole("button", { name: "Register guest" }).click();
    await expectToast(page, "Guest registered", "Ada Lovelace is expected at the Kickback Lounge on");
    await expect(page.getByText("3 of 4 guest days left this month.")).toBeVisible();
    await expect(region(page, "Upcoming guests")).toContainText("Ada Lovelace");

    const staleForm = region(staleTab, "Register a guest");
    await staleForm.getByLabel("Guest's full name").fill("Grace Hopper");
    await staleForm.getByLabel("My guest is 21 or older").check();
    await staleForm.getByRole("button", { name: "Register guest" }).click();
    await expect(staleForm.getByRole("alert")).toContainText("You already have every guest your membership allows on");
    await expect(region(staleTab, "Upcoming guests")).toContainText("Ada Lovelace");

    const entry = region(page, "Upcoming guests").getByRole("listitem").filter({ hasText: "Ada Lovelace" });
    await expect(entry).toContainText("Today: expected");
    await expect(entry.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);
  });

  test("is reached from the guest card of /members", async ({ page }) => {
    await signInAsNewMember(page, { rulesAccepted: true });
    await page.goto("/members");
    const card = region(page, "Your guests");
    await expect(card).toContainText("A guest every day.");
    await card.getByRole("link", { name: "Register or cancel a guest" }).click();
    await expect(page).toHaveURL("/members/guests");
  });
});

test.describe("at a phone's width", () => {
  test("the concierge sees today's guest at its lounge and in the log; both pages fit and pass axe", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const member = await signInAsNewMember(page, { rulesAccepted: true });
    // Signed in at the desktop width (the header's menu folds away on a phone).
    await page.setViewportSize(PHONE);
    const guestName = `Marguerite ${
      member.name
        .split(" ")
        .pop()!
        .replace(/[^A-Za-z]/g, "") || "Duras"
    }`;
    await gotoHydrated(page, "/members/guests");
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const form = region(page, "Register a guest");
    await form.getByLabel("Lounge").selectOption({ label: "Kickback Lounge" });
    await form.getByLabel("Guest's full name").fill(guestName);
    await form.getByLabel("My guest is 21 or older").check();
    await form.getByRole("button", { name: "Register guest" }).click();
    await expectToast(page, "Guest registered", `${guestName} is expected at the Kickback Lounge on`);

    const concierge = await conciergePage(browser, baseURL);
    await concierge.setViewportSize(PHONE);
    await concierge.goto("/concierge/guests");
    await expect(concierge.getByRole("region", { name: "Guests expected today at the Kickback Lounge" })).toContainText(guestName);
    await concierge.getByLabel("Guest name").fill(guestName);
    await concierge.getByRole("button", { name: "Search" }).click();
    await expect(concierge.getByRole("region", { name: "Guest registrations, newest first" })).toContainText(member.name);
    expect(await pageWidth(concierge)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(concierge);
    await concierge.context().close();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("registering and cancelling a guest work as plain form posts, and a refusal shows beside the form", async ({ page }) => {
    await signInAsNewMember(page, { rulesAccepted: true });
    await page.goto("/members/guests");
    // Tomorrow: only a guest of a later day may be cancelled.
    const tomorrow = nextDay(today());
    const form = region(page, "Register a guest");
    await form.getByLabel("Day").fill(tomorrow);
    await form.getByLabel("Guest's full name").fill("Ada Lovelace");
    await form.getByLabel("My guest is 21 or older").check();
    await form.getByRole("button", { name: "Register guest" }).click();
    await expect(region(page, "Register a guest").getByRole("status")).toContainText("Ada Lovelace is expected at the Business Lounge on");
    await expect(region(page, "Upcoming guests")).toContainText("Ada Lovelace");

    await region(page, "Register a guest").getByLabel("Day").fill(tomorrow);
    await region(page, "Register a guest").getByLabel("Guest's full name").fill("Grace Hopper");
    await region(page, "Register a guest").getByLabel("My guest is 21 or older").check();
    await region(page, "Register a guest").getByRole("button", { name: "Register guest" }).click();
    await expect(region(page, "Register a guest").getByRole("alert")).toContainText(
      "You already have every guest your membership allows on",
    );

    await region(page, "Upcoming guests")
      .getByRole("button", { name: /^Cancel Ada Lovelace on / })
      .click();
    await expect(region(page, "Upcoming guests")).toContainText("No guests registered.");
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
