import { readFile } from "node:fs/promises";
import { type Locator, type Page, type Response } from "@playwright/test";
import { demoAccounts } from "#scripts/members-demo-accounts.ts";
import { expect, expectNoAxeViolations, expectToast, gotoHydrated, test, waitForHydration } from "../support/fixtures.ts";
import { latestOutboxMessage } from "../support/local-d1.ts";
import { emailTo } from "../support/admissions-fixtures.ts";
import { storeEmailNeedingAttention } from "./outbox-rows.ts";
import { E2E_SIGNING_KEY } from "../support/worker-vars.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { SIGN_IN_TIMEOUT, createMember, signIn as signInWithCode } from "../support/members-fixtures.ts";

/**
 * Becoming a member (docs/operators.md), end to end: a request through the invitation dialog, the concierge's
 * approval in the console (an offer), the dues paid at the lounge, the emailed single-use link
 * (read from the outbox, as the applicant would read their inbox), confirming the email (no
 * password), the offer of a passkey, the rules step and the members area. The e2e server's
 * local D1 is .wrangler/e2e; `npm run serve:e2e` seeds the demo accounts into it.
 */
const calendarPages = ["/concierge/events", "/concierge/academy", "/concierge/meeting-rooms"];
const consolePages = [
  "/concierge",
  "/concierge/sit-downs",
  "/concierge/waitlists",
  "/concierge/lockers",
  ...calendarPages,
  "/concierge/sms-opt-ins",
  "/concierge/messages",
  "/concierge/outbox",
  "/concierge/audit-log",
  "/concierge/dashboard",
  "/concierge/exports",
];
const INVALID_LINK = "This invitation link is no longer valid. Ask the concierge for a new one.";

const concierge = demoAccounts.concierge;

/** Letters only, as the invitation form's name field requires. */
function uniqueWord(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
}

async function signIn(page: Page, account: { email: string }, redirectTo: string) {
  await signInWithCode(page, account.email, { redirectTo });
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Member Login" })).toBeVisible();
}

/** A visitor's executive invitation request, through the dialog. */
async function requestInvitation(page: Page, applicant: { name: string; email: string }) {
  await gotoHydrated(page, "/memberships");
  await page.getByRole("banner").getByRole("link", { name: "Executive Access" }).click();
  const dialog = page.getByRole("dialog", { name: "Confidential Communication Channel" });
  await expect(dialog.getByRole("button", { name: "Transmit Message" })).toBeEnabled();
  const fields = {
    Identity: applicant.name,
    "Encrypted Channel": applicant.email,
    Affiliation: "Hale Timber Co",
    "Your Connection": "Jordan Reyes",
    "Encrypted Message": "Jordan suggested I ask for a sit-down this winter.",
  };
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole("button", { name: "Transmit Message" }).click();
  await expectToast(page, "Message Transmitted", "Your communication has reached the appropriate channels. Expect contact soon.");
}

/** The request's card in the console, found through the search. */
async function findRequest(page: Page, applicant: { name: string; email: string }) {
  await page.goto("/concierge");
  await page.getByRole("search", { name: "Filter invitation requests" }).getByLabel("Search").fill(applicant.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const card = page.getByRole("article", { name: applicant.name });
  await expect(card).toBeVisible();
  return card;
}

test.describe("the concierge console", () => {
  test("answers 404 to a visitor at every console address", async ({ page }) => {
    for (const path of consolePages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    }
  });

  test("answers 404 to a signed-in member who is not a concierge", async ({ page }) => {
    const member = createMember({ tier: "kickback" });
    await signIn(page, member, "/members");
    for (const path of consolePages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    }
    // The CSV export too: nothing of the pipeline leaves.
    const csv = await page.request.get("/concierge/applications.csv");
    expect(csv.status()).toBe(404);
    expect(await csv.text()).not.toContain("Introduced by");
  });

  test("exports the filtered pipeline as a CSV download for the concierge", async ({ page }) => {
    const applicant = { name: `Sage ${uniqueWord()}`, email: `sage.${uniqueWord()}@example.com` };
    await requestInvitation(page, applicant);
    await signIn(page, concierge, "/concierge");
    await waitForHydration(page);
    await findRequest(page, applicant);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "download this list as CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("applications.csv");
    const lines = (await readFile((await file.path())!, "utf8")).trim().split("\r\n");
    expect(lines[0]).toMatch(/^Received,Name,Email,Company,Introduced by,Stage,/);
    expect(lines.slice(1)).toEqual([expect.stringContaining(`,${applicant.name},${applicant.email},Hale Timber Co,Jordan Reyes,New,`)]);
  });

  test("has no WCAG A/AA violations on any of its pages", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, concierge, "/concierge");
    for (const path of consolePages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Concierge Console");
      // The calendar's pages are one tab, "Calendar", which opens the events.
      await expect(page.getByRole("navigation", { name: "Concierge console" }).locator('[aria-current="page"]')).toHaveAttribute(
        "href",
        calendarPages.includes(path) ? "/concierge/events" : path,
      );
      await expectNoAxeViolations(page);
    }
  });

  test("the applications' filters stand clear of the introduction, their labels and edges in line", async ({ page }) => {
    // The width first: resized after the page loads, the filters were now and then measured still stacked.
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, concierge, "/concierge");
    const filters = page.getByRole("search", { name: "Filter invitation requests" });
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const intro = await box(page.getByText(/^New, sit-down booked, decided/));
    const [stageLabel, searchLabel] = [
      await box(filters.getByText("Stage", { exact: true })),
      await box(filters.getByText("Search", { exact: true })),
    ];
    const [stage, search, button] = [
      await box(filters.getByLabel("Stage")),
      await box(filters.getByLabel("Search")),
      await box(filters.getByRole("button", { name: "Filter" })),
    ];
    expect(stageLabel.y - (intro.y + intro.height)).toBeGreaterThanOrEqual(31);
    expect(stageLabel.y).toBeCloseTo(searchLabel.y, 0);
    expect(stage.height).toBeCloseTo(search.height, 0);
    expect(stage.y + stage.height).toBeCloseTo(search.y + search.height, 0);
    expect(button.y + button.height).toBeCloseTo(search.y + search.height, 0);
  });

  test("every console page's first load leaves out zod: the forms' schemas are checked by the actions only", async ({ page }) => {
    // As the sign-in page's test counts it (tests/e2e/sign-in/sign-in.spec.ts): every script until
    // the network is idle; zod's error class keeps its name through minification.
    test.setTimeout(90_000);
    await signIn(page, concierge, "/concierge");
    for (const path of consolePages) {
      const scripts: { path: string; body: Promise<string> }[] = [];
      const collect = (response: Response) => {
        if (response.request().resourceType() === "script") {
          scripts.push({ path: new URL(response.url()).pathname, body: response.text().catch(() => "") });
        }
      };
      const fresh = await page.context().newPage();
      fresh.on("response", collect);
      await gotoHydrated(fresh, path);
      await fresh.waitForLoadState("networkidle");
      const withZod: string[] = [];
      for (const script of scripts) if ((await script.body).includes("ZodError")) withZod.push(script.path);
      expect(withZod, path).toEqual([]);
      await fresh.close();
    }
  });

  test("declines a request with a note, and the applicant receives a courteous email with the message to them", async ({ page }) => {
    const applicant = { name: `Quinn ${uniqueWord()}`, email: `quinn.${uniqueWord()}@example.com` };
    await requestInvitation(page, applicant);
    await signIn(page, concierge, "/concierge");
    await waitForHydration(page);
    const card = await findRequest(page, applicant);
    await card.getByLabel("Note", { exact: true }).fill("Not this season.");
    await card.getByLabel("Message to the applicant").fill("We would be glad to hear from you in the spring.");
    await card.getByRole("button", { name: "Decline" }).click();
    await expectToast(page, "Request Declined", `The decision is recorded and a courteous email was sent to ${applicant.email}.`);
    await expect(card).toContainText("Declined by Elena Marsh");
    await expect(card).toContainText("Note: Not this season.");
    await expect(card.getByRole("listitem").filter({ hasText: "Declined by Elena Marsh" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
    const email = await latestOutboxMessage(applicant.email);
    expect(email.subject).toBe("Your request to Ember & Oak Society");
    expect(email.body).toContain("We would be glad to hear from you in the spring.");
    expect(email.body).not.toContain("Not this season.");
  });
});

test("a request becomes a member: an offer, dues paid at the lounge, the emailed link, a confirmed email, the rules and the members area", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const applicant = { name: `Rowan ${uniqueWord()}`, email: `rowan.${uniqueWord()}@example.com` };
  await requestInvitation(page, applicant);

  // The concierge approves it with a tier: an offer, emailed at once; nobody is a member yet.
  await signIn(page, concierge, "/concierge");
  await waitForHydration(page);
  const card = await findRequest(page, applicant);
  await expect(card).toContainText("Introduced by");
  await expect(card).toContainText("Jordan Reyes");
  await expect(card).toContainText("reCAPTCHA score");
  await card.getByRole("button", { name: "Approve" }).click();
  // The card's sponsor panel has its own alert: the decision's is the one that speaks.
  await expect(card.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("Choose a membership tier.");
  await card.getByLabel("Membership tier").selectOption({ label: "Business" });
  await card.getByLabel("Note", { exact: true }).fill("Jordan vouches for them.");
  await card.getByRole("button", { name: "Approve" }).click();
  await expectToast(page, "Offer Sent", `The offer was emailed to ${applicant.email}.`);
  await expect(card).toContainText("Approved with an offer by Elena Marsh");
  await expect(card).toContainText("Offer open until");
  const offer = await latestOutboxMessage(applicant.email);
  expect(offer.subject).toBe("Your membership offer from Ember & Oak Society");
  // The status link in it is sealed too.
  expect(offer.body).not.toContain("/application#");

  // The applicant pays at the lounge; the concierge records it, which makes the member.
  await page.goto(`/concierge/payments?q=${encodeURIComponent(applicant.email)}`);
  const payer = page.getByRole("article", { name: applicant.name });
  await payer.getByLabel("Method").selectOption({ label: "Cash" });
  await payer.getByRole("button", { name: "Record Payment" }).click();
  await expectToast(page, "Payment Recorded", "Their membership is active and their sign-in link is on its way.");
  await signOut(page);

  // The welcome email (the locker offer, queued in the same batch, is another message).
  const email = await emailTo(applicant.email, "Welcome to Ember & Oak Society");
  // The outbox holds the link sealed (docs/security.md#credentials-at-rest); the sender opens it.
  expect(email.body).not.toMatch(/\/invitation[#/][A-Za-z0-9_-]{43}/);
  const link = /href="(http:\/\/localhost:\d+\/invitation#([A-Za-z0-9_-]{43}))"/.exec(
    await unsealSecrets(E2E_SIGNING_KEY, email.body, escapeMarkup),
  );
  expect(link).not.toBeNull();
  const [, url, token] = link!;

  // The applicant opens the link and confirms their email. No request of the whole journey carries
  // the token in its URL (docs/security.md#invitation-links), and the address bar drops it.
  const requestedUrls: string[] = [];
  page.on("request", (request) => requestedUrls.push(request.url()));
  await page.goto(url!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${applicant.name}`);
  expect(page.url()).not.toContain(token!);
  // Another link opened in this tab takes over from the one the page holds, at any stage (here an
  // unknown one), and the emailed link still opens afterwards.
  await waitForHydration(page);
  await page.goto(`/invitation#${"x".repeat(43)}`);
  await expect(page.getByRole("alert").filter({ hasText: INVALID_LINK })).toBeVisible();
  await waitForHydration(page);
  await page.goto(url!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${applicant.name}`);
  await expectNoAxeViolations(page);
  const main = page.getByRole("main");
  await expect(main.getByLabel(/password/i)).toHaveCount(0);
  await main.getByRole("button", { name: "Confirm My Email" }).click();

  // Signed in: the next screen offers a passkey on this device, or emailed codes.
  await expect(main.getByText("Your email is confirmed and you are signed in.")).toBeVisible(SIGN_IN_TIMEOUT);
  await expect(page).toHaveURL("/invitation");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Add a passkey" })).toBeVisible();
  await expectNoAxeViolations(page);
  await main.getByRole("link", { name: "Continue to the Members Area" }).click();

  // The rules step first, then the members area.
  await expect(page).toHaveURL("/members");
  await page.getByRole("button", { name: "I Accept the Club Rules" }).click();
  await expect(page).toHaveURL("/members");
  await expect(page.getByRole("button", { name: "I Accept the Club Rules" })).toHaveCount(0);
  await signOut(page);

  // The link worked once; an emailed code now signs the member in.
  await page.goto(url!);
  await expect(page.getByRole("alert").filter({ hasText: INVALID_LINK })).toBeVisible();
  await signIn(page, { email: applicant.email }, "/members");
  expect(requestedUrls.length).toBeGreaterThan(5);
  expect(requestedUrls.filter((requested) => requested.includes(token!))).toEqual([]);
});

test("an unknown invitation link shows the one message for every invalid link", async ({ page }) => {
  const refusal = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/invitation"));
  await page.goto(`/invitation#${"x".repeat(43)}`);
  expect((await refusal).status()).toBe(404);
  await expect(page.getByRole("alert").filter({ hasText: INVALID_LINK })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm My Email" })).toHaveCount(0);
});

test("the invitation page opened without a link asks for it", async ({ page }) => {
  await gotoHydrated(page, "/invitation");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your invitation");
  await expect(page.getByLabel("Your invitation link")).toBeVisible();
  await expectNoAxeViolations(page);
  // A link opened in this same tab changes only the `#`: the page still takes it.
  await page.goto(`/invitation#${"x".repeat(43)}`);
  await expect(page.getByRole("alert").filter({ hasText: INVALID_LINK })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // A pasted link that opens is covered in tests/integration/admissions/invitation-page.test.ts.
  test("the invitation page asks for the link, and the pasted link is checked by the server", async ({ page }) => {
    await page.goto(`/invitation#${"x".repeat(43)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your invitation");
    await page.getByLabel("Your invitation link").fill(`http://localhost/invitation#${"x".repeat(43)}`);
    await page.getByRole("button", { name: "Open Invitation" }).click();
    await expect(page.getByRole("alert").filter({ hasText: INVALID_LINK })).toBeVisible();
  });
});

test("the first screen lists the emails that need attention: Retry sends one now, Stop trying ends another", async ({ page }) => {
  test.setTimeout(90_000);
  const retried = `retry.${uniqueWord()}@example.com`;
  const stopped = `stop.${uniqueWord()}@example.com`;
  storeEmailNeedingAttention(retried, "421 try again later");
  storeEmailNeedingAttention(stopped, "550 no such user");

  await signIn(page, concierge, "/concierge");
  await waitForHydration(page);
  const attention = page.getByRole("region", { name: "Deliveries that need attention" });
  await expect(attention).toContainText(/\d+ deliveries need attention: the automatic retries gave up on them\./);
  const retriedItem = attention.getByRole("article", { name: `Email to ${retried}` });
  await expect(retriedItem).toContainText("421 try again later");
  await expect(retriedItem).toContainText("Your invitation to Ember & Oak Society");
  await expect(retriedItem).toContainText(/Attempts\s*5/);
  await expectNoAxeViolations(page);

  // Retry: sent at once by the same delivery as the cron (wrangler dev's email simulator takes it).
  await retriedItem.getByRole("button", { name: "Retry" }).click();
  await expectToast(page, "Delivered", "The message was sent.");
  await expect(retriedItem).toHaveCount(0);
  expect((await latestOutboxMessage(retried)).status).toBe("sent");

  // Stop trying: an address that will never take it leaves the count.
  const stoppedItem = attention.getByRole("article", { name: `Email to ${stopped}` });
  await stoppedItem.getByRole("button", { name: "Stop trying" }).click();
  await expectToast(page, "Stopped", "This message will not be retried.");
  await expect(stoppedItem).toHaveCount(0);
  expect((await latestOutboxMessage(stopped)).status).toBe("abandoned");

  // The outbox page names the new statuses in words.
  await page.goto("/concierge/outbox?status=abandoned");
  await expect(page.getByRole("region", { name: "Email and SMS deliveries, newest first" })).toContainText("Stopped by staff");
});
