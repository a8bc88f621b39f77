import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { latestOutboxMessage, queryLocalD1 } from "../support/local-d1.ts";
import { signIn, signInAsNewMember } from "../support/members-fixtures.ts";
import { demoAccounts } from "#scripts/members-demo-accounts.ts";

/**
 * The contact form (docs/product-rules.md#contact) and the console's Messages page
 * (docs/operators.md#the-concierge-console), end to end: a visitor's and a member's message, stored, acknowledged
 * by email (read from the outbox), then answered by a concierge.
 */

/** An address no other test writes from. */
const uniqueEmail = () => `contact.${crypto.randomUUID().slice(0, 12)}@example.com`;

const stored = (email: string) =>
  queryLocalD1<{ name: string; email: string; member_id: string | null; message: string }>(
    "SELECT name, email, member_id, message FROM contact_messages WHERE email = ?",
    email,
  );

async function write(page: Page, fields: { name?: string; email?: string; message: string }) {
  const main = page.getByRole("main");
  if (fields.name !== undefined) await main.getByLabel("Name", { exact: true }).fill(fields.name);
  if (fields.email !== undefined) await main.getByLabel("Email", { exact: true }).fill(fields.email);
  await main.getByLabel("Message", { exact: true }).fill(fields.message);
  await main.getByRole("button", { name: "Send Message" }).click();
}

test("a visitor's message is stored and acknowledged by email, and the page says it went", async ({ page }) => {
  const email = uniqueEmail();
  await gotoHydrated(page, "/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact the Concierge");
  await expectNoAxeViolations(page);

  await write(page, { name: "Avery Hale", email, message: "Do the lounges host private birthday dinners?" });
  await expect(page).toHaveURL("/contact?sent");
  await expect(page.getByRole("status").filter({ hasText: "Your message has reached the concierge" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(stored(email)).toEqual([{ name: "Avery Hale", email, member_id: null, message: "Do the lounges host private birthday dinners?" }]);
  expect(await latestOutboxMessage(email)).toMatchObject({ subject: "Your message to Ember & Oak Society has arrived" });
});

test("refuses a message with mistakes beside each field, keeping what was typed, and sends nothing", async ({ page }) => {
  const email = uniqueEmail();
  await gotoHydrated(page, "/contact");
  await write(page, { name: "A", email, message: "Hi" });
  const main = page.getByRole("main");
  await expect(main.getByLabel("Name", { exact: true })).toHaveAccessibleDescription(/Name must be at least 2 characters/);
  await expect(main.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(/Message must be at least 10 characters/);
  await expect(main.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(main.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." })).toBeVisible();
  expect(stored(email)).toEqual([]);
});

test("with the page's script, a message carries a captcha token: a failing one is refused", async ({ page }) => {
  const email = uniqueEmail();
  await gotoHydrated(page, "/contact");
  await page.evaluate(() => {
    (window as unknown as { __fakeRecaptcha: { token: string } }).__fakeRecaptcha = { token: "fake:0.1:contact" };
  });
  // The script loads once the visitor reaches the form.
  await page.getByRole("main").getByLabel("Name", { exact: true }).focus();
  await page.waitForFunction(() => "grecaptcha" in window);
  await write(page, { name: "Avery Hale", email, message: "Do the lounges host private birthday dinners?" });
  await expect(page.getByRole("alert").filter({ hasText: "Security validation failed. Please try again." })).toBeVisible();
  expect(stored(email)).toEqual([]);
});

test("a signed-in member's name is filled in and their member email fixed; the message is theirs", async ({ page }) => {
  const member = await signInAsNewMember(page);
  await gotoHydrated(page, "/contact");
  const main = page.getByRole("main");
  await expect(main.getByLabel("Name", { exact: true })).toHaveValue(member.name);
  await expect(main.getByLabel("Email", { exact: true })).toHaveValue(member.email);
  await expect(main.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
  await expectNoAxeViolations(page);
  await write(page, { message: "Could the concierge hold a box of the winter release for me?" });
  await expect(page).toHaveURL("/contact?sent");
  const [message] = stored(member.email);
  expect(message).toMatchObject({
    name: member.name,
    email: member.email,
    message: "Could the concierge hold a box of the winter release for me?",
  });
  expect(message!.member_id).not.toBeNull();
});

test("the footer's 'Contact the Concierge' opens the contact page", async ({ page }) => {
  await gotoHydrated(page, "/memberships");
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact the Concierge" }).click();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact the Concierge");
});

// A visitor and a member get the site's 404 at /concierge/messages: tests/e2e/concierge/concierge.spec.ts (consolePages).
test("the concierge reads it under Messages and marks it answered", async ({ page }) => {
  const email = uniqueEmail();
  const text = `Is the Platinum Lounge open on New Year's Day? (${email})`;
  await gotoHydrated(page, "/contact");
  await write(page, { name: "Blair Quinn", email, message: text });
  await expect(page).toHaveURL("/contact?sent");

  const staff = demoAccounts.concierge;
  await signIn(page, staff.email, { redirectTo: "/concierge/messages" });
  await page.getByRole("navigation", { name: "Concierge console" }).getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("navigation", { name: "Concierge console" }).getByRole("link", { name: "Messages" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const row = page.getByRole("row").filter({ hasText: text });
  await expect(row).toContainText("Blair Quinn");
  await expect(row).toContainText(email);
  await expectNoAxeViolations(page);

  await row.getByRole("button", { name: "Mark Answered (Blair Quinn)" }).click();
  await expectToast(page, "Marked Answered", "The message shows who answered it.");
  await expect(row).toContainText(`Answered by ${staff.name}, `);
  await expect(row.getByRole("button")).toHaveCount(0);
});
