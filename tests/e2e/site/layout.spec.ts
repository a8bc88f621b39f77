import { expect, gotoHydrated, test } from "../support/fixtures.ts";

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
  test("shows the visitor navigation, in order, and Member Login", async ({ page }) => {
    await page.goto("/memberships");
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = nav.getByRole("link");
    await expect(links).toHaveText([...visitorNavigation.map(([label]) => label), "Member Login"]);
    for (const [label, href] of visitorNavigation) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Member Login" })).toHaveAttribute("href", "/auth");
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

    await toggle.click();
    await expect(nav).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");

    await nav.getByRole("link", { name: "Partners" }).click();
    await expect(page).toHaveURL("/partners");
    await expect(nav).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });
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
  });
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
