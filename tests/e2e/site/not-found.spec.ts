import { expect, expectNoAxeViolations, test } from "../support/fixtures.ts";

for (const path of ["/no-such-page", "/lounges/basement", "/blog/no-such-post"]) {
  test(`${path} answers 404 with 'Page Not Found' and ways back`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page).toHaveTitle(/Page Not Found/);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await expect(main.getByRole("link", { name: "View Memberships" })).toHaveAttribute("href", "/memberships");
  });
}

test("the 404 page passes axe", async ({ page }) => {
  await page.goto("/no-such-page");
  await expectNoAxeViolations(page);
});

test("the 404 buttons lead back into the site", async ({ page }) => {
  await page.goto("/no-such-page");
  await page.getByRole("main").getByRole("link", { name: "View Memberships" }).click();
  await expect(page).toHaveURL("/memberships");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
