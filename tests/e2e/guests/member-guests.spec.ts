import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";

/**
 * /members/guests end to end (docs/product-rules.md#guests): a fresh member registers a guest,
 * sees the allowance change, is refused a second guest for the day from a stale tab, and cancels.
 */
const region = (page: Page, name: string) => page.getByRole("region", { name });

test.describe("/members/guests", () => {
  test("registers a guest, refuses the day's second from another tab with a clear message, and cancels", async ({ page, context }) => {
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

    await region(page, "Upcoming guests")
      .getByRole("button", { name: /^Cancel Ada Lovelace on / })
      .click();
    await expectToast(page, "Guest cancelled", "The day is free again.");
    await expect(region(page, "Upcoming guests")).toContainText("No guests registered.");
    await expect(page.getByText("4 of 4 guest days left this month.")).toBeVisible();
  });

  test("is reached from the guest card of /members", async ({ page }) => {
    await signInAsNewMember(page, { tier: "platinum", rulesAccepted: true });
    await page.goto("/members");
    const card = region(page, "Your guests");
    await expect(card).toContainText("A guest every day, and two extra guests on event nights.");
    await card.getByRole("link", { name: "Register or cancel a guest" }).click();
    await expect(page).toHaveURL("/members/guests");
  });
});
