import { expect, test } from "../support/fixtures.ts";

for (const path of ["/members", "/rewards", "/media", "/luxury-vendors"]) {
  test(`${path} sends a visitor to /auth with a 302, remembering the page`, async ({ request }) => {
    const response = await request.get(`${path}?x=1`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const location = new URL(response.headers()["location"] ?? "", "http://localhost");
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("redirectTo")).toBe(`${path}?x=1`);
  });
}

test("a visitor who follows a members-only link lands on the login page", async ({ page }) => {
  await page.goto("/rewards?x=1");
  await expect(page).toHaveURL("/auth?redirectTo=%2Frewards%3Fx%3D1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Member Login");
});

test("a forged session cookie does not open a members-only page", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "ember_session", value: "a".repeat(43), url: baseURL }]);
  await page.goto("/members");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmembers$/);
});
