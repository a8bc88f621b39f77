import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type Browser, type Locator, type Page } from "@playwright/test";
import { demoAccounts } from "#scripts/members-demo-accounts.ts";
import { expect, expectToast, gotoHydrated, prepareContext, waitForHydration } from "./fixtures.ts";
import { queryLocalD1 } from "./local-d1.ts";
import { signIn } from "./members-fixtures.ts";
import { E2E_SIGNING_KEY } from "./worker-vars.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";

/**
 * The admissions journey's people and inboxes for the end-to-end specs (tests/e2e/admissions):
 * each person (applicant, concierge, sponsor) has a browser context of their own, as they would
 * have their own browser; the emails they receive are read from the e2e server's outbox and their
 * sealed links opened with the server's signing key, as the email sender opens them
 * (docs/security.md#credentials-at-rest).
 */

export interface Applicant {
  name: string;
  email: string;
}

/** Letters only, as the invitation form's name field requires. */
export function uniqueWord(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
}

export function newApplicant(firstName: string): Applicant {
  return { name: `${firstName} ${uniqueWord()}`, email: `${firstName.toLowerCase()}.${uniqueWord()}@example.com` };
}

/** A second person's own browser, prepared as the tests' own page is; the test closes it. */
export async function personPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1600, height: 900 } });
  await prepareContext(context, baseURL);
  return context.newPage();
}

/** The demo concierge, signed in in a browser of their own. */
export async function conciergePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await personPage(browser, baseURL);
  await signIn(page, demoAccounts.concierge.email, { redirectTo: "/concierge" });
  await waitForHydration(page);
  return page;
}

/** A visitor's executive invitation request through the site's dialog, naming `connection`. */
export async function requestInvitation(page: Page, applicant: Applicant, connection: string): Promise<void> {
  await gotoHydrated(page, "/memberships");
  await page.getByRole("banner").getByRole("link", { name: "Executive Access" }).click();
  const dialog = page.getByRole("dialog", { name: "Confidential Communication Channel" });
  await expect(dialog.getByRole("button", { name: "Transmit Message" })).toBeEnabled();
  const fields = {
    Identity: applicant.name,
    "Encrypted Channel": applicant.email,
    Affiliation: "Hale Timber Co",
    "Your Connection": connection,
    "Encrypted Message": `${connection} suggested I ask for a sit-down this winter.`,
  };
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole("button", { name: "Transmit Message" }).click();
  await expectToast(page, "Message Transmitted", "Your communication has reached the appropriate channels. Expect contact soon.");
}

/** The application's card in the console's pipeline, found through the search. */
export async function findApplication(page: Page, applicant: Applicant): Promise<Locator> {
  await page.goto(`/concierge?${new URLSearchParams({ q: applicant.email })}`);
  await waitForHydration(page);
  const card = page.getByRole("article", { name: applicant.name });
  await expect(card).toBeVisible();
  return card;
}

/** The newest email to `recipient` with this subject, once it is in the outbox. */
export async function emailTo(recipient: string, subject: string, timeoutMs = 10_000): Promise<{ id: number; body: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = queryLocalD1<{ id: number; body: string }>(
      "SELECT id, body FROM outbox WHERE recipient = ? AND subject = ? ORDER BY id DESC LIMIT 1",
      recipient,
      subject,
    );
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`no email "${subject}" to ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The link of `kind` an email carries, as the recipient's mail app shows it: the outbox holds it
 * sealed, and the stored body has no working link in it.
 */
export async function linkInEmail(body: string, kind: "application" | "invitation"): Promise<string> {
  const pattern =
    kind === "application"
      ? /href="(http:\/\/localhost:\d+\/application#[0-9a-f-]{36}\.[0-9a-f]{64})"/
      : /href="(http:\/\/localhost:\d+\/invitation#[A-Za-z0-9_-]{43})"/;
  expect(body).not.toMatch(pattern);
  const link = pattern.exec(await unsealSecrets(E2E_SIGNING_KEY, body, escapeMarkup))?.[1];
  if (!link) throw new Error(`the email holds no ${kind} link`);
  return link;
}

/**
 * Full-page screenshots of the page at a phone's, a tablet's and a desktop's width, for a person
 * to look at (not compared by the suite): only when E2E_SCREENSHOTS_DIR names a folder.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  const directory = process.env.E2E_SCREENSHOTS_DIR;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  const original = page.viewportSize();
  for (const width of [390, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(directory, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * The page at a 390 px phone is no wider than the screen (wide lists scroll inside their own
 * region or stack), so nothing needs the page scrolled sideways. The viewport comes back after.
 * On failure the message names the elements that stick out.
 */
export async function expectFitsPhone(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 900 });
  const widths = await page.evaluate(() => {
    const viewport = window.innerWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const wide = Array.from(document.querySelectorAll("body *"))
      .filter((element) => element.getBoundingClientRect().right > viewport + 0.5 && !clipped(element))
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { page: document.documentElement.scrollWidth, viewport, wide };
  });
  expect(widths.page, `${page.url()} is wider than a 390 px phone: ${widths.wide.join(" | ")}`).toBeLessThanOrEqual(widths.viewport);
  if (original) await page.setViewportSize(original);
}

/**
 * Ends a past-due member's 14-day grace now, in the e2e server's D1: the days cannot be waited
 * for in a browser test. The one write besides the seed (tests/e2e/concierge/outbox-rows.ts is
 * the other): a single small UPDATE, after which the cron decides what follows.
 */
export function endGracePeriod(email: string): void {
  const directory = ".wrangler/e2e/v3/d1/miniflare-D1DatabaseObject";
  const file = readdirSync(directory).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database in ${directory}: is the e2e server running?`);
  const database = new DatabaseSync(join(directory, file), { timeout: 10_000 });
  try {
    const ended = new Date(Date.now() - 60_000).toISOString();
    const changed = database
      .prepare("UPDATE members SET grace_ends_at = ? WHERE email = ? AND dues_status = 'past_due'")
      .run(ended, email.toLowerCase());
    if (changed.changes !== 1) throw new Error(`${email} is not a past-due member`);
  } finally {
    database.close();
  }
}

/**
 * Fires the Worker's every-minute cron once, now, as Cloudflare would (wrangler dev's
 * /cdn-cgi/local/scheduled; it never fires crons by itself).
 */
export async function runCronNow(baseURL: string | undefined): Promise<void> {
  const response = await fetch(`${baseURL}/cdn-cgi/local/scheduled?time=${Date.now()}`);
  expect(response.ok).toBe(true);
}
