import { expect, expectNoAxeViolations, expectToast, test, waitForHydration } from "../support/fixtures.ts";
import { SIGN_IN_TIMEOUT, signInAsNewMember } from "../support/members-fixtures.ts";
import {
  conciergePage,
  emailTo,
  findApplication,
  linkInEmail,
  newApplicant,
  personPage,
  requestInvitation,
  expectFitsPhone,
  screenshots,
} from "../support/admissions-fixtures.ts";

/**
 * From applicant to paying member, end to end (docs/product-rules.md#admissions and #dues): the
 * request through the site's dialog and its acknowledgement email; the concierge links the member
 * the applicant named, who vouches in the member area; the concierge publishes a sit-down slot and
 * invites the applicant, who books it from their status page; the approval into a tier (an offer);
 * the payment in the local Checkout stand-in, whose events go through the same dispatcher as
 * Stripe's webhook; the welcome email's sign-in link; the members area and Membership & Billing.
 * Each person has their own browser; every email is read from the outbox.
 */

const CLUB = "Ember & Oak Society";
const PORTLAND = "America/Los_Angeles";

/** A free start for a slot: a random day 2 to 40 days ahead, a random quarter hour from 10:00 to 19:45 (Portland). */
function slotStart(): { day: string; time: string; dayLabel: string; timeLabel: string } {
  const [days, quarter] = Array.from(crypto.getRandomValues(new Uint16Array(2)));
  const date = new Date(Date.now() + (2 + (days! % 39)) * 24 * 60 * 60 * 1000);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: PORTLAND, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
  const minutes = 10 * 60 + (quarter! % 40) * 15;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  // Noon UTC of that day is the same Portland day; the labels as the status page writes them (sit-down-times.ts).
  const noon = new Date(`${day}T12:00:00Z`);
  const dayLabel = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" }).format(noon);
  const hour = Math.floor(minutes / 60);
  // Intl puts a narrow no-break space before AM/PM: any space matches.
  const timeLabel = `${hour > 12 ? hour - 12 : hour}:${String(minutes % 60).padStart(2, "0")}\\s${hour >= 12 ? "PM" : "AM"}`;
  return { day, time, dayLabel, timeLabel };
}

// A step that cannot happen fails within seconds, not at the end of the long test.
test.use({ actionTimeout: 20_000 });

test("an applicant becomes a paying member: acknowledgement, a sponsor's vouch, a sit-down, an offer, Checkout, the webhook, sign-in", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const applicant = newApplicant("Harper");

  // The sponsor: a member who will be named as the applicant's connection.
  const sponsorPage = await personPage(browser, baseURL);
  const sponsor = await signInAsNewMember(sponsorPage, { rulesAccepted: true });

  // 1. The request, and its acknowledgement with the private status link.
  await requestInvitation(page, applicant, sponsor.name);
  const acknowledgement = await emailTo(applicant.email, `Your request to ${CLUB} has arrived`);
  const statusLink = await linkInEmail(acknowledgement.body, "application");
  await page.goto(statusLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(applicant.name);
  await expect(page.getByRole("heading", { name: "Under consideration" })).toBeVisible();
  // The token rides after '#': the page swaps it for a cookie and drops it from the address bar.
  await expect(page).toHaveURL("/application");
  await expectNoAxeViolations(page);
  await screenshots(page, "status-received");

  // 2. The concierge links the sponsor; the sponsor vouches in the member area.
  const concierge = await conciergePage(browser, baseURL);
  let card = await findApplication(concierge, applicant);
  await expect(card).toContainText(sponsor.name);
  const sponsorPanel = card.getByRole("region", { name: "Sponsor" });
  // By name, as the applicant wrote it: the field starts with it.
  await expect(sponsorPanel.getByLabel("Find the member")).toHaveValue(sponsor.name);
  await sponsorPanel.getByRole("button", { name: "Find Member" }).click();
  await sponsorPanel.getByRole("radio", { name: new RegExp(`^${sponsor.name} \\(`) }).check();
  await sponsorPanel.getByRole("button", { name: "Link Sponsor" }).click();
  await expect(sponsorPanel).toContainText(`${sponsor.name} has been asked to vouch and has not answered yet.`);
  await emailTo(sponsor.email, `A vouch request from the ${CLUB} concierge`);

  await sponsorPage.goto("/members/sponsorships");
  const vouch = sponsorPage.getByRole("article", { name: applicant.name });
  await expect(vouch).toContainText("You have not answered yet.");
  await expectNoAxeViolations(sponsorPage);
  await screenshots(sponsorPage, "member-vouch-requests");
  await waitForHydration(sponsorPage);
  await vouch.getByRole("button", { name: "Yes" }).click();
  await expectToast(sponsorPage, "Answer Recorded", "Thank you. The concierge will see your answer.");
  await expect(vouch).toContainText("Your answer: Yes");

  // 3. A sit-down: the concierge publishes a slot and invites the applicant, who books it.
  const slot = slotStart();
  await concierge.goto("/concierge/sit-downs");
  await waitForHydration(concierge);
  await concierge.getByLabel("Lounge").selectOption({ label: "Business Lounge" });
  await concierge.getByLabel("Date").fill(slot.day);
  await concierge.getByLabel("Start time").fill(slot.time);
  await concierge.getByLabel("Length in minutes").fill("45");
  await concierge.getByRole("button", { name: "Publish Slot" }).click();
  await expect(
    concierge.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "Slot Published" }),
  ).toBeVisible();
  await expectNoAxeViolations(concierge);
  await screenshots(concierge, "console-sit-downs");
  await expectFitsPhone(concierge);

  card = await findApplication(concierge, applicant);
  await expect(card.getByRole("region", { name: "Sponsor" })).toContainText(`${sponsor.name} vouches for the applicant`);
  await card.getByRole("button", { name: "Invite to a Sit-Down" }).click();
  await expect(card).toContainText("Invited to book a sit-down on");
  const invitation = await emailTo(applicant.email, `Choose a time for your sit-down at ${CLUB}`);
  expect(await linkInEmail(invitation.body, "application")).toBe(statusLink);

  await page.goto("/application");
  const sitDown = page.getByRole("region", { name: "Your sit-down" });
  await expect(sitDown).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "status-sit-down-choose");
  await waitForHydration(page);
  await sitDown.getByRole("radio", { name: new RegExp(`^${slot.timeLabel}\\sP[SD]T, ${slot.dayLabel}, Business Lounge`) }).check();
  await sitDown.getByRole("button", { name: "Book Sit-Down" }).click();
  await expectToast(page, "Sit-Down Booked", "We have emailed you the details.");
  await expect(sitDown.getByRole("heading", { name: "Booked" })).toBeVisible();
  await expect(sitDown.getByRole("link", { name: "Add to Calendar" })).toBeVisible();
  await emailTo(applicant.email, `Your sit-down at ${CLUB} is booked`);
  await expectNoAxeViolations(page);
  await screenshots(page, "status-sit-down-booked");

  // 4. The concierge approves into a tier: an offer, emailed with the status link.
  card = await findApplication(concierge, applicant);
  await expect(card.getByRole("term").filter({ hasText: /^Sit-down$/ })).toBeVisible();
  await card.getByLabel("Membership tier").selectOption({ label: "Business" });
  await card.getByRole("button", { name: "Approve" }).click();
  await expectToast(concierge, "Offer Sent", `The offer was emailed to ${applicant.email}.`);
  await expect(card).toContainText("Offer open until");
  await expectNoAxeViolations(concierge);
  await screenshots(concierge, "console-pipeline-offered");
  const offer = await emailTo(applicant.email, `Your membership offer from ${CLUB}`);
  expect(await linkInEmail(offer.body, "application")).toBe(statusLink);

  // 5. The applicant pays in the local Checkout stand-in; its Pay goes through the webhook's dispatcher.
  await page.goto("/application");
  await expect(page.getByRole("heading", { name: "A place is yours" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Business");
  await expectNoAxeViolations(page);
  await screenshots(page, "status-offered");
  await page.getByRole("button", { name: "Pay Dues", exact: true }).click();
  await expect(page).toHaveURL(/\/local-payments\/checkout\/cs_local_[0-9a-f]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
  await expect(page.getByRole("note")).toContainText("Nothing is charged");
  await expectNoAxeViolations(page);
  await screenshots(page, "local-checkout");
  // On a phone the long email address wraps instead of widening the page.
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.getByRole("button", { name: "Pay (Stand-In)" }).click();
  await expect(page).toHaveURL("/application?checkout=complete");
  await expect(page.getByRole("heading", { name: "Welcome to the club" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "status-paid");

  // 6. The welcome email's single-use link: the applicant sets up sign-in and enters the members area.
  const welcome = await emailTo(applicant.email, `Welcome to ${CLUB}`);
  await page.goto(await linkInEmail(welcome.body, "invitation"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${applicant.name}`);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Confirm My Email" }).click();
  await expect(main.getByText("Your email is confirmed and you are signed in.")).toBeVisible(SIGN_IN_TIMEOUT);
  await main.getByRole("link", { name: "Continue to the Members Area" }).click();
  await expect(page).toHaveURL("/members");
  await page.getByRole("button", { name: "I Accept the Club Rules" }).click();
  // Their first sign-in: the invitation link's (docs/product-rules.md#member-area).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome, /);

  await page.goto("/members/billing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Membership & Billing");
  await expect(main).toContainText("Active: your dues are paid.");
  await expect(page.getByRole("region", { name: "Payments & charges" })).toContainText(
    // The sponsor vouched, so the initiation fee was waived (docs/product-rules.md#paying-an-offer).
    "First quarter's dues, initiation fee waived (Business)",
  );
  await expectNoAxeViolations(page);
  await screenshots(page, "member-billing");
  await expectFitsPhone(page);
  // On a phone the ledger's amounts are in view without scrolling it sideways.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 900 });
  const ledger = page.getByRole("region", { name: "Every charge, payment and refund, newest first" });
  expect(await ledger.evaluate((region) => region.scrollWidth <= region.clientWidth)).toBe(true);
  const [region, amount] = [(await ledger.boundingBox())!, (await ledger.getByRole("columnheader", { name: "Amount" }).boundingBox())!];
  expect(amount.x + amount.width).toBeLessThanOrEqual(Math.min(region.x + region.width, 390));
  await page.setViewportSize(desktop);

  // The console shows the application paid, with its history.
  card = await findApplication(concierge, applicant);
  await expect(card).toContainText("Paid");
  await concierge.goto("/concierge/payments");
  await expect(concierge.getByRole("heading", { level: 1 })).toHaveText("Concierge Console");
  await expectNoAxeViolations(concierge);
  await screenshots(concierge, "console-payments");
  await expectFitsPhone(concierge);
  await concierge.context().close();
  await sponsorPage.context().close();
});
