import { expect, expectNoAxeViolations, test } from "../support/fixtures.ts";
import { publicRoutes } from "../support/site-routes.ts";

for (const [path, heading, title] of publicRoutes) {
  test(`${path} answers with its heading and title, and passes axe`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    expect(await page.title()).toContain(title);
    await expectNoAxeViolations(page);
  });
}

test("/lounges and /lounges/kickback render the same page", async ({ page }) => {
  await page.goto("/lounges");
  const fromLounges = await page.getByRole("main").innerText();
  await page.goto("/lounges/kickback");
  expect(await page.getByRole("main").innerText()).toBe(fromLounges);
});

test("every blog post listed on /blog opens with its own title", async ({ page }) => {
  await page.goto("/blog");
  const posts = await page.getByRole("main").getByRole("heading", { level: 3 }).getByRole("link").all();
  expect(posts.length).toBeGreaterThanOrEqual(4);
  const titles = await Promise.all(posts.map((post) => post.innerText()));
  for (const title of titles) {
    await page.goto("/blog");
    await page.getByRole("main").getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const words = (await page.getByRole("article").innerText()).split(/\s+/).length;
    expect(words).toBeGreaterThan(400);
  }
});
