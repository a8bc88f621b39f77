import { expect, test } from "../support/fixtures.ts";
import { latestOutboxMessage, queryLocalD1 } from "../support/local-d1.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";

/**
 * Without JavaScript (docs/product-rules.md#contact, #member-area): the contact form is a plain
 * form post, counted against the daily limit for messages without a captcha
 * (docs/security.md#contact-form); a reward's confirmation is a page address and a post.
 */
test.use({ javaScriptEnabled: false });

test("a visitor's message goes as a plain form post, is stored and acknowledged", async ({ page }) => {
  const email = `nojs.${crypto.randomUUID().slice(0, 12)}@example.com`;
  await page.goto("/contact");
  const main = page.getByRole("main");
  await main.getByLabel("Name", { exact: true }).fill("Casey Morrow");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Message", { exact: true }).fill("Short");
  await main.getByRole("button", { name: "Send Message" }).click();
  // Refused by the server, what was typed kept.
  await expect(main.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(/Message must be at least 10 characters/);
  await expect(main.getByLabel("Email", { exact: true })).toHaveValue(email);

  await main.getByLabel("Message", { exact: true }).fill("Is there parking near the Business Lounge?");
  await main.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL("/contact?sent");
  await expect(main).toContainText("Your message has reached the concierge");
  expect(queryLocalD1<{ n: number }>("SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?", email)[0]!.n).toBe(1);
  expect(await latestOutboxMessage(email)).toMatchObject({ subject: "Your message to Ember & Oak Society has arrived" });
});

test("a member's message goes from their member email", async ({ page }) => {
  const member = await signInAsNewMember(page);
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.getByLabel("Name", { exact: true })).toHaveValue(member.name);
  await expect(main.getByLabel("Email", { exact: true })).toHaveValue(member.email);
  await main.getByLabel("Message", { exact: true }).fill("Please hold two seats at the next blender dinner.");
  await main.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL("/contact?sent");
  expect(queryLocalD1<{ n: number }>("SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?", member.email)[0]!.n).toBe(1);
});

test("'Redeem' opens the confirmation as a page; 'Keep My Points' spends nothing, 'Confirm Redemption' spends the points", async ({
  page,
}) => {
  await signInAsNewMember(page, { points: 1500, rulesAccepted: true });
  await page.goto("/rewards");
  const balance = page.getByRole("region", { name: "Points balance" });
  await page.getByRole("link", { name: "Redeem Double-guillotine cutter" }).click();
  await expect(page).toHaveURL(/\/rewards\?redeem=double-guillotine-cutter#confirm-redemption$/);
  const confirmation = page.getByRole("region", { name: "Confirm your redemption" });
  await expect(confirmation).toContainText("Redeem Double-guillotine cutter for 1,200 points?");
  await expect(confirmation).toContainText("Your balance goes from 1,500 points to 300 points.");
  await expect(confirmation).toBeInViewport();

  await confirmation.getByRole("link", { name: "Keep My Points" }).click();
  await expect(page).toHaveURL("/rewards");
  await expect(balance).toContainText("1,500 points");

  await page.getByRole("link", { name: "Redeem Double-guillotine cutter" }).click();
  await page.getByRole("button", { name: "Confirm Redemption" }).click();
  await expect(page).toHaveURL("/rewards");
  await expect(balance).toContainText("300 points");
  await expect(page.getByRole("region", { name: "Recently redeemed" })).toContainText("Double-guillotine cutter");
  const cutter = page.getByRole("article", { name: "Double-guillotine cutter" });
  await expect(cutter).toContainText("Unavailable: 900 more points needed");
  await expect(cutter.getByRole("link", { name: /^Redeem/ })).toHaveCount(0);
});
