import { expect, expectNoAxeViolations, expectToast, test } from "../support/fixtures.ts";
import {
  conciergePage,
  emailTo,
  findApplication,
  linkInEmail,
  newApplicant,
  requestInvitation,
  screenshots,
} from "../support/admissions-fixtures.ts";

/**
 * A declined applicant (docs/product-rules.md#decisions-capacity-and-waitlist) hears it
 * courteously: the email carries the concierge's message to them (never the internal note) and
 * their status link, and the status page says so in the club's words.
 */
const CLUB = "Ember & Oak Society";

// A step that cannot happen fails within seconds, not at the end of the long test.
test.use({ actionTimeout: 20_000 });

test("a declined applicant receives a courteous email and their status page says so", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const applicant = newApplicant("Sloane");
  await requestInvitation(page, applicant, "Jordan Reyes");
  const statusLink = await linkInEmail((await emailTo(applicant.email, `Your request to ${CLUB} has arrived`)).body, "application");

  const concierge = await conciergePage(browser, baseURL);
  const card = await findApplication(concierge, applicant);
  await card.getByLabel("Note", { exact: true }).fill("Not a fit for this season.");
  await card.getByLabel("Message to the applicant").fill("We would be glad to hear from you again next year.");
  await card.getByRole("button", { name: "Decline" }).click();
  await expectToast(concierge, "Request Declined", `The decision is recorded and a courteous email was sent to ${applicant.email}.`);
  await expect(card).toContainText("Declined by Elena Marsh");
  await screenshots(concierge, "console-pipeline-declined");
  await concierge.context().close();

  const email = await emailTo(applicant.email, `Your request to ${CLUB}`);
  expect(email.body).toContain("We would be glad to hear from you again next year.");
  expect(email.body).not.toContain("Not a fit for this season.");

  await page.goto(statusLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(applicant.name);
  await expect(page.getByRole("heading", { name: "Thank you for your interest" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("the concierge is not able to offer you a membership at this time");
  await expect(page.getByRole("button", { name: "Pay Initiation & Dues" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, "status-declined");
});
