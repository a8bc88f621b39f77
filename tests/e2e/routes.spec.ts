import { expect, expectNoAxeViolations, test } from "./fixtures";

/** Every public route of the spec's table, with the heading and title a visitor sees. */
const publicRoutes: ReadonlyArray<[path: string, heading: string, title: string]> = [
  ["/", "The inner circle keeps its chairs warm.", "Ember & Oak Society"],
  ["/auth", "Member Login", "Member Login"],
  ["/memberships", "Three tiers. One standard of service.", "Memberships"],
  ["/schedule-sit-down", "Forty-five minutes, one good conversation, no obligation.", "Request a Sit-Down"],
  ["/partners", "A chair kept for you, here and elsewhere.", "Partner Locations"],
  ["/manufacturer-partnership", "For the people who grow, blend and roll the leaf.", "Manufacturer Partnership"],
  ["/blog", "Notes from the humidor room", "Insider Info"],
  ["/blog/field-guide-to-wrappers", "A field guide to wrappers: Connecticut shade to maduro", "A field guide to wrappers"],
  ["/lounges", "Kickback Lounge", "Kickback Lounge, Pearl District"],
  ["/lounges/kickback", "Kickback Lounge", "Kickback Lounge, Pearl District"],
  ["/lounges/business", "Business Lounge", "Business Lounge, Downtown Portland"],
  ["/lounges/platinum", "Platinum Lounge", "Platinum Lounge, Northwest 23rd"],
  ["/compliance", "Private does not mean outside the law.", "Regulatory Compliance"],
  ["/public-health", "Enjoyed with open eyes.", "Public Health"],
  ["/member-yards", "Fresh air, a fire and a long cigar.", "Member Yards"],
  ["/gameroom", "Downstairs, the games are older than the club.", "Game Room"],
  ["/rules", "The code we keep.", "Club Rules"],
  ["/accessibility", "Every member, every door.", "Accessibility Statement"],
  ["/terms", "The terms of the house.", "Terms of Membership"],
  ["/privacy", "Discretion is the house rule.", "Privacy Policy"],
  ["/bosses-only", "A circle you are asked into, never one you apply for.", "Bosses Only"],
  ["/cigar-academy", "Learn the leaf, from seed to ash.", "Cigar Academy"],
];

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
