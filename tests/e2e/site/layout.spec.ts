import { type Locator, type Page } from "@playwright/test";
import { expectNothingCovers } from "../support/covered-controls.ts";
import { expect, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { signIn, signInAsNewMember } from "../support/members-fixtures.ts";
import { demoAccounts } from "#scripts/members-demo-accounts.ts";

const visitorNavigation = [
  ["Home", "/"],
  ["Memberships", "/memberships"],
  ["Cigar Academy", "/cigar-academy"],
  ["Request Sit Down", "/schedule-sit-down"],
  ["Partners", "/partners"],
  ["Game Room", "/gameroom"],
  ["Public Health", "/public-health"],
  ["Bosses Only", "/bosses-only"],
] as const;

test.describe("header", () => {
  test("shows the visitor navigation, in order, and beside it Executive Access and Member Login", async ({ page }) => {
    await page.goto("/memberships");
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = nav.getByRole("link");
    await expect(links).toHaveText(visitorNavigation.map(([label]) => label));
    for (const [label, href] of visitorNavigation) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    // The calls to action are the header's own, out of the navigation that collapses into the menu.
    await expect(page.getByRole("banner").getByRole("link", { name: "Member Login" })).toHaveAttribute("href", "/auth");
    await expect(callsToAction(page)).toHaveCount(2);
  });

  test("marks the current page, and moves the mark on navigation", async ({ page }) => {
    await page.goto("/memberships");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Memberships" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

    await nav.getByRole("link", { name: "Cigar Academy" }).click();
    await expect(page).toHaveURL("/cigar-academy");
    await expect(nav.getByRole("link", { name: "Cigar Academy" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Memberships" })).not.toHaveAttribute("aria-current", "page");
  });

  test("the logo links home", async ({ page }) => {
    await page.goto("/rules");
    await page.getByRole("link", { name: "Ember & Oak, home", exact: true }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens from its toggle and closes when a link is chosen", async ({ page }) => {
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    // Too narrow for the calls to action beside the logo: they are in the menu too.
    await expect(callsToAction(page)).toHaveCount(0);
    await toggle.click();
    await expect(nav).toBeVisible();
    await expect(callsToAction(page)).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");

    await nav.getByRole("link", { name: "Partners" }).click();
    await expect(page).toHaveURL("/partners");
    await expect(nav).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

/** The header's visible calls to action for a visitor: 'Executive Access' and 'Member Login'. */
const callsToAction = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^(Executive Access|Member Login)$/ });

/**
 * The header keeps one line: each of these elements overlaps the logo's height, and nothing makes
 * the page wider than the screen.
 */
async function expectOnTheHeadersLine(page: Page, elements: Locator[]): Promise<void> {
  const logo = await page.getByRole("link", { name: "Ember & Oak, home", exact: true }).boundingBox();
  for (const element of elements) {
    const box = await element.boundingBox();
    expect(box, `${element.toString()} has a box`).not.toBeNull();
    expect(box!.y, `${element.toString()} is on the logo's line`).toBeLessThan(logo!.y + logo!.height);
    expect(box!.y + box!.height, `${element.toString()} is on the logo's line`).toBeGreaterThan(logo!.y);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

// The widths are measured (docs/product-rules.md#layout-header-and-footer): the calls to action
// fit beside the logo and the toggle from 768 px; the visitors' full navigation from 1440 px, the
// members' from 1280 px, a concierge's from 1360 px.
test.describe("header on laptops and desktops", () => {
  for (const width of [1024, 1280, 1366, 1440]) {
    test(`at ${width} px a visitor has the calls to action, and the full navigation once it fits`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, "/memberships");
      const nav = page.getByRole("navigation", { name: "Main" });
      const toggle = page.getByRole("banner").getByRole("button", { name: "Menu" });
      const executiveAccess = page.getByRole("banner").getByRole("link", { name: "Executive Access", exact: true });
      const memberLogin = page.getByRole("banner").getByRole("link", { name: "Member Login" });
      await expect(executiveAccess).toBeVisible();
      await expect(memberLogin).toBeVisible();

      if (width >= 1440) {
        await expect(nav).toBeVisible();
        await expect(toggle).toBeHidden();
        await expectOnTheHeadersLine(page, [executiveAccess, memberLogin, ...(await nav.getByRole("link").all())]);
        await expectNothingCovers(page);
      } else {
        await expect(nav).toBeHidden();
        await expectOnTheHeadersLine(page, [toggle, executiveAccess, memberLogin]);
        // (Closed: the open menu lies over the page by design.)
        await expectNothingCovers(page);
        await toggle.click();
        await expect(nav).toBeVisible();
        // Only the navigation drops down: the calls to action stay where they were.
        await expect(callsToAction(page)).toHaveCount(2);
        await expectOnTheHeadersLine(page, [executiveAccess, memberLogin]);
      }
    });
  }

  test("a member has Sign Out on every laptop, and the full navigation from 1280 px", async ({ page }) => {
    await signInAsNewMember(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const signOut = page.getByRole("banner").getByRole("button", { name: "Sign Out" });
    const toggle = page.getByRole("banner").getByRole("button", { name: "Menu" });

    await page.setViewportSize({ width: 1024, height: 800 });
    await gotoHydrated(page, "/memberships");
    await expect(signOut).toBeVisible();
    await expect(nav).toBeHidden();
    await expectOnTheHeadersLine(page, [toggle, signOut]);

    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(nav).toBeVisible();
      await expect(toggle).toBeHidden();
      await expectOnTheHeadersLine(page, [signOut, ...(await nav.getByRole("link").all())]);
    }
  });

  test("a concierge has the full navigation, Concierge included, at 1366 px", async ({ page }) => {
    // The demo concierge: the e2e pool holds members only.
    await signIn(page, demoAccounts.concierge.email);
    await page.setViewportSize({ width: 1366, height: 800 });
    await gotoHydrated(page, "/memberships");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Concierge" })).toBeVisible();
    await expectOnTheHeadersLine(page, [
      page.getByRole("banner").getByRole("button", { name: "Sign Out" }),
      ...(await nav.getByRole("link").all()),
    ]);
  });
});

test.describe("toasts on small screens", () => {
  for (const width of [320, 390, 430]) {
    test(`at ${width} px a toast shows under the header and covers no control`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, "/");
      const sms = page.getByRole("region", { name: "Your invitation, by text message" });
      const phone = sms.getByLabel("Mobile Number");
      await phone.pressSequentially("503555");
      await phone.press("Enter");
      await expectToast(page, "Invalid Phone Number", "Please enter a valid 10-digit phone number.");

      const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status");
      const header = await page.getByRole("banner").boundingBox();
      const box = await toast.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
      await expectNothingCovers(page);
      // Still showing: the check above ran with the toast on the screen.
      await expect(toast).toBeVisible();
    });
  }
});

test.describe("footer", () => {
  test("has every footer link, the location, the office phone and the quit resources", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const expected: [string, string][] = [
      ["Regulatory Compliance", "/compliance"],
      ["Partner Locations", "/partners"],
      ["Manufacturer Partnership", "/manufacturer-partnership"],
      ["Insider Info", "/blog"],
      ["Member Yards", "/member-yards"],
      ["Media & Logo Pack", "/media"],
      ["Accessibility Statement", "/accessibility"],
      ["Terms of Membership", "/terms"],
      ["Privacy Policy", "/privacy"],
    ];
    for (const [label, href] of expected) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByText("Portland, Oregon")).toBeVisible();
    await expect(footer.getByRole("link", { name: /Office: \(503\) 555-0142/ })).toHaveAttribute("href", "tel:+15035550142");
    const resources = footer.getByRole("link", { name: /Tobacco addiction resources/ });
    await expect(resources).toHaveAttribute("target", "_blank");
    await expect(resources).toHaveAttribute("rel", "noopener noreferrer");
    await expect(footer.getByRole("link", { name: "Request Executive Access" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Contact the Concierge" })).toHaveAttribute("href", "/contact");
  });
});

test("a signed-in member is offered no executive access anywhere, and the hero leads to the Members Area", async ({ page }) => {
  await signInAsNewMember(page);
  await page.goto("/");
  const hero = page.getByRole("region", { name: "The inner circle keeps its chairs warm." });
  await expect(hero.getByRole("link", { name: "Members Area" })).toHaveAttribute("href", "/members");
  await expect(hero.getByRole("link", { name: "Member Login" })).toHaveCount(0);
  // The closed invitation dialog still holds its own heading; nothing on the page shows the words.
  await expect(page.getByText(/Executive (Access|Invitation)/).filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Contact the Concierge" })).toHaveAttribute("href", "/contact");
});

test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
  await page.goto("/memberships");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main-content")).toBeFocused();
});

test("the health warning bar is on every page", async ({ page }) => {
  for (const path of ["/", "/terms", "/no-such-page"]) {
    await page.goto(path);
    await expect(page.getByRole("complementary", { name: "Health warning" })).toContainText(
      "Cigar smoking can cause cancers of the mouth and throat",
    );
  }
});

test("shows 'Loading...' while a navigation loads", async ({ page }) => {
  await gotoHydrated(page, "/");
  // Hold back the next page's code so the pending state is observable.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/rules-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "Read the full club rules" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
  release();
  await expect(page).toHaveURL("/rules");
  await expect(page.getByText("Loading...")).toHaveCount(0);
});

test("scrolls to the top on a route change", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy", { timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
