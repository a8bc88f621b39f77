import { expect, test } from "../support/fixtures.ts";

test.use({ javaScriptEnabled: false });

// The header's menu is a disclosure: it opens and closes without the page's script
// (docs/product-rules.md#layout-header-and-footer).
test.describe("the menu without JavaScript, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens and closes, with the navigation and the calls to action in it", async ({ page }) => {
    await page.goto("/memberships");
    const banner = page.getByRole("banner");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await expect(banner.getByRole("link", { name: "Member Login" })).toBeHidden();

    await banner.getByRole("button", { name: "Menu" }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Memberships" })).toHaveAttribute("aria-current", "page");
    await expect(banner.getByRole("link", { name: "Executive Access", exact: true })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Member Login" })).toBeVisible();

    await banner.getByRole("button", { name: "Close menu" }).click();
    await expect(nav).toBeHidden();
    await expect(banner.getByRole("button", { name: "Menu" })).toBeVisible();
  });

  test("a link chosen in it opens its page, with the menu closed", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Partners" }).click();
    await expect(page).toHaveURL("/partners");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });
});
