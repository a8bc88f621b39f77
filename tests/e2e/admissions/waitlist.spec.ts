import { expect, expectNoAxeViolations, expectToast, test, waitForHydration } from "../support/fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";
import { SIGN_IN_TIMEOUT } from "../support/members-fixtures.ts";
import { E2E_PLATINUM_CAP } from "../support/worker-vars.ts";
import {
  conciergePage,
  emailTo,
  endGracePeriod,
  findApplication,
  linkInEmail,
  newApplicant,
  personPage,
  requestInvitation,
  runCronNow,
  expectFitsPhone,
  screenshots,
} from "../support/admissions-fixtures.ts";

/**
 * A waitlisted applicant is offered the place a lapsed member frees
 * (docs/product-rules.md#decisions-capacity-and-waitlist, #billing-renewals-and-lapses). The e2e
 * server caps Platinum one place above the Platinum members it is seeded with
 * (tests/e2e/support/worker-vars.ts), and only this spec approves into Platinum, so it does not
 * disturb the other specs: the first applicant takes the last place and pays; the second is
 * waitlisted. The first's renewal is declined in the local Billing Portal stand-in (past due, 14
 * days' grace), the grace is ended in the database (days cannot be waited for), and the cron lapses
 * the member and offers the freed place to the head of the waitlist.
 */
const CLUB = "Ember & Oak Society";

function platinumPlacesTaken(): number {
  const [row] = queryLocalD1<{ taken: number }>(
    `SELECT (SELECT count(*) FROM members WHERE tier = 'platinum' AND role = 'member' AND dues_status <> 'lapsed')
          + (SELECT count(*) FROM invitation_requests WHERE tier = 'platinum' AND status = 'offered') AS taken`,
  );
  return row?.taken ?? 0;
}

// A step that cannot happen fails within seconds, not at the end of the long test.
test.use({ actionTimeout: 20_000 });

test("a waitlisted applicant receives an offer when a member lapses", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  // Needs the server this suite starts (fresh D1): a reused one may have used the place already.
  expect(platinumPlacesTaken(), "Platinum must have exactly one free place: start the e2e server afresh").toBe(E2E_PLATINUM_CAP - 1);
  const first = newApplicant("Marlowe");
  const second = newApplicant("Ellery");
  const secondPage = await personPage(browser, baseURL);
  await requestInvitation(page, first, "Jordan Reyes");
  await requestInvitation(secondPage, second, "Jordan Reyes");
  const secondLink = await linkInEmail((await emailTo(second.email, `Your request to ${CLUB} has arrived`)).body, "application");

  // The first takes Platinum's last place and pays in the local Checkout.
  const concierge = await conciergePage(browser, baseURL);
  let card = await findApplication(concierge, first);
  await card.getByLabel("Membership tier").selectOption({ label: "Platinum" });
  await card.getByRole("button", { name: "Approve" }).click();
  await expectToast(concierge, "Offer Sent", `The offer was emailed to ${first.email}.`);
  await page.goto(await linkInEmail((await emailTo(first.email, `Your membership offer from ${CLUB}`)).body, "application"));
  await expect(page.getByRole("heading", { name: "A place is yours" })).toBeVisible();
  await page.getByRole("button", { name: "Pay Initiation & Dues" }).click();
  await page.getByRole("button", { name: "Pay (Stand-In)" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to the club" })).toBeVisible();

  // The second is approved into the full tier: the waitlist, with their position.
  card = await findApplication(concierge, second);
  await card.getByLabel("Membership tier").selectOption({ label: "Platinum" });
  await card.getByRole("button", { name: "Approve" }).click();
  await expectToast(concierge, "Added to the Waitlist", second.email);
  await emailTo(second.email, `Your place on the ${CLUB} waitlist`);
  await secondPage.goto(secondLink);
  await expect(secondPage.getByRole("heading", { name: "On the waitlist" })).toBeVisible();
  await expect(secondPage.getByRole("main")).toContainText("You are number 1 on its waitlist.");
  await expectNoAxeViolations(secondPage);
  await screenshots(secondPage, "status-waitlisted");
  await concierge.goto("/concierge/waitlists");
  await expect(concierge.getByRole("main")).toContainText(second.name);
  await expectNoAxeViolations(concierge);
  await screenshots(concierge, "console-waitlists");
  await expectFitsPhone(concierge);

  // The first member signs in with the welcome link; their renewal is declined in the Billing Portal.
  await page.goto(await linkInEmail((await emailTo(first.email, `Welcome to ${CLUB}`)).body, "invitation"));
  await page.getByRole("main").getByRole("button", { name: "Confirm My Email" }).click();
  await expect(page.getByRole("main").getByText("Your email is confirmed and you are signed in.")).toBeVisible(SIGN_IN_TIMEOUT);
  await page.goto("/members/billing");
  await page.getByRole("button", { name: "I Accept the Club Rules" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Membership & Billing");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Manage Card & Invoices" }).click();
  await expect(page).toHaveURL(/\/local-payments\/billing\/cus_local_[0-9a-f]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing Portal");
  await expectNoAxeViolations(page);
  await screenshots(page, "local-billing-portal");
  await page.getByRole("button", { name: "Decline Next Renewal (Stand-In)" }).click();
  await expect(page.getByRole("main")).toContainText("Past due");
  await page.goto("/members/billing");
  await expect(page.getByRole("main")).toContainText("Past due: your last dues were not received.");
  await expectNoAxeViolations(page);
  await screenshots(page, "member-billing-past-due");
  await expectFitsPhone(page);
  await emailTo(first.email, `Your ${CLUB} dues are past due`);

  // The grace ends; the cron lapses the member and offers the place to the waitlist's head.
  endGracePeriod(first.email);
  await runCronNow(baseURL);
  await emailTo(first.email, `Your ${CLUB} membership has lapsed`, 20_000);
  await page.goto("/members");
  await expect(page).toHaveURL("/members/billing");
  await expect(page.getByRole("main")).toContainText("Lapsed: the member areas are closed until your dues are paid.");
  await expectNoAxeViolations(page);
  await screenshots(page, "member-billing-lapsed");
  await expectFitsPhone(page);

  const offer = await emailTo(second.email, `Your membership offer from ${CLUB}`, 20_000);
  expect(await linkInEmail(offer.body, "application")).toBe(secondLink);
  await secondPage.goto("/application");
  await expect(secondPage.getByRole("heading", { name: "A place is yours" })).toBeVisible();
  await expect(secondPage.getByRole("main")).toContainText("Platinum");
  card = await findApplication(concierge, second);
  await expect(card).toContainText("Offer open until");
  await concierge.context().close();
  await secondPage.context().close();
});
