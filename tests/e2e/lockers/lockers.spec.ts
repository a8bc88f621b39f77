import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolationsAtWidths, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import {
  conciergePage,
  emailTo,
  findApplication,
  linkInEmail,
  newApplicant,
  requestInvitation,
  screenshots,
} from "../support/admissions-fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";
import { heldFact, joinLockerLine, lockerSection, offerBox, openLockerPage } from "../support/locker-steps.ts";
import { formatPortlandDate } from "#app/features/member-area/member-dates.ts";
import { queryLocalD1 } from "../support/local-d1.ts";

/**
 * Lockers end to end (docs/product-rules.md#lockers): a new member is offered a locker of their
 * class when their dues are paid and accepts it; a member sends the concierge a request, which the
 * concierge sees on /concierge/lockers and marks done; the concierge gives a member a locker by hand.
 */

const requestsRegion = (page: Page) => page.getByRole("region", { name: "Requests" });
const openRequests = (page: Page) => page.getByRole("region", { name: "Open requests" });

/** A member without a locker takes the one the page offers them (joining the line offers a free one at once). */
async function takeLocker(page: Page): Promise<string> {
  let state = await openLockerPage(page);
  if (state === "may-join") state = await joinLockerLine(page);
  expect(state).toBe("offered");
  await offerBox(page).getByRole("button", { name: "Accept Locker" }).click();
  await expectToast(page, "Locker Accepted", "The locker is yours. The concierge will have it ready for your next visit.");
  return (await heldFact(page, "Locker").textContent()) ?? "";
}

test("a new member is offered a locker of their class when the dues are paid, and holds it through the paid date once accepted", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const applicant = newApplicant("Sutton");
  await requestInvitation(page, applicant, "Jordan Reyes");

  // The concierge offers Business and records the dues paid at the lounge: the membership is active.
  const concierge = await conciergePage(browser, baseURL);
  try {
    const card = await findApplication(concierge, applicant);
    await card.getByLabel("Membership tier").selectOption({ label: "Business" });
    await card.getByRole("button", { name: "Approve" }).click();
    await expectToast(concierge, "Offer Sent", `The offer was emailed to ${applicant.email}.`);
    await concierge.goto(`/concierge/payments?q=${encodeURIComponent(applicant.email)}`);
    const payer = concierge.getByRole("article", { name: applicant.name });
    await payer.getByLabel("Method").selectOption({ label: "Cash" });
    await payer.getByRole("button", { name: "Record Payment" }).click();
    await expectToast(concierge, "Payment Recorded", "Their membership is active and their sign-in link is on its way.");
  } finally {
    await concierge.context().close();
  }

  // The new member opens the emailed link, confirms their email and accepts the club rules.
  await page.goto(await linkInEmail((await emailTo(applicant.email, "Welcome to Ember & Oak Society")).body, "invitation"));
  await page.getByRole("main").getByRole("button", { name: "Confirm My Email" }).click();
  await page.getByRole("main").getByRole("link", { name: "Continue to the Members Area" }).click();
  await page.getByRole("button", { name: "I accept the club rules" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome, /);

  // The offer is waiting, of the Business tier's class, with the day it ends.
  expect(await openLockerPage(page)).toBe("offered");
  await expect(offerBox(page)).toContainText(
    /Private locker \S+ at the (Business|Kickback) Lounge \(holds 75 cigars\)\. The offer holds until \w+ \d+, \d{4}\./,
  );
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, "members-locker-offer");

  await offerBox(page).getByRole("button", { name: "Accept Locker" }).click();
  await expectToast(page, "Locker Accepted", "The locker is yours. The concierge will have it ready for your next visit.");
  await expect(offerBox(page)).toHaveCount(0);
  const [member] = queryLocalD1<{ paidThrough: string | null }>(
    "SELECT paid_through AS paidThrough FROM members WHERE email = ?",
    applicant.email,
  );
  expect(member?.paidThrough).toBeTruthy();
  await expect(heldFact(page, "Term")).toHaveText(`Held through ${formatPortlandDate(member?.paidThrough ?? "")}`);
  await expect(heldFact(page, "Status")).toHaveText("Active");
  await expect(lockerSection(page).getByRole("heading", { level: 2 })).toHaveText(/^Locker P-\d\d$/);
  await expectNoAxeViolationsAtWidths(page);
});

test("a member's request reaches the concierge, who marks it done", async ({ page, browser, baseURL }) => {
  const member = await signInAsNewMember(page, { tier: "business", rulesAccepted: true });
  const locker = await takeLocker(page);
  await expect(requestsRegion(page)).toContainText("No requests yet.");

  // The form names what is missing.
  await requestsRegion(page).getByRole("button", { name: "Send Request" }).click();
  await expect(requestsRegion(page).getByLabel("What you need")).toHaveAttribute("aria-invalid", "true");

  const note = `Please pull the ${locker.split(" ").at(-1)} box of Padróns for Friday.`;
  await requestsRegion(page).getByLabel("What you need").selectOption({ label: "Pull cigars for my visit" });
  await requestsRegion(page).getByLabel("Note (optional)").fill(note);
  await requestsRegion(page).getByRole("button", { name: "Send Request" }).click();
  await expectToast(page, "Request Sent", "The concierge has your request.");
  const sent = requestsRegion(page).getByRole("listitem").filter({ hasText: note });
  await expect(sent).toContainText("Pull cigars for my visit");
  await expect(sent).toContainText("Open");
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, "members-locker");

  const concierge = await conciergePage(browser, baseURL);
  try {
    await gotoHydrated(concierge, "/concierge/lockers");
    const row = openRequests(concierge).getByRole("row").filter({ hasText: note });
    await expect(row).toContainText(member.name);
    await expect(row).toContainText("Pull cigars");
    await expectNoAxeViolationsAtWidths(concierge);
    await screenshots(concierge, "concierge-lockers");
    await row.getByRole("button", { name: "Mark done" }).click();
    await expectToast(concierge, "Request Done", "The request is marked done.");
    await expect(row).toHaveCount(0);
  } finally {
    await concierge.context().close();
  }

  await page.reload();
  await expect(requestsRegion(page).getByRole("listitem").filter({ hasText: note })).toContainText("Done");
});

test("the concierge gives a member a free locker by hand, and the member sees it", async ({ page, browser, baseURL }) => {
  const member = await signInAsNewMember(page, { tier: "business", rulesAccepted: true });
  const concierge = await conciergePage(browser, baseURL);
  let number: string;
  try {
    await gotoHydrated(concierge, "/concierge/lockers");
    const search = concierge.getByRole("search", { name: "Find a member" });
    await search.getByLabel("Name or email").fill(member.email);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(concierge.getByText("1 found.")).toBeVisible();
    const card = concierge.getByRole("article", { name: member.name });
    await expect(card).toContainText("no locker");
    await expectNoAxeViolationsAtWidths(concierge);

    // A private locker at the Kickback Lounge, the last of its group (the one other tests least likely take).
    const option = card.locator('optgroup[label="Kickback Lounge · Private locker"] option').last();
    number = (await option.textContent()) ?? "";
    await card.getByLabel("Free locker").selectOption({ value: (await option.getAttribute("value")) ?? "" });
    await card.getByRole("button", { name: "Assign Locker" }).click();
    await expectToast(concierge, "Locker Assigned", `Private locker ${number}, Kickback Lounge is now ${member.name}'s.`);
    await expect(card).toContainText(`Private locker ${number}, Kickback Lounge (held)`);
  } finally {
    await concierge.context().close();
  }

  expect(await openLockerPage(page)).toBe("held");
  await expect(heldFact(page, "Locker")).toHaveText(`Private locker ${number}`);
  await expect(heldFact(page, "Lounge")).toHaveText("Kickback Lounge");
  await expect(heldFact(page, "Size")).toHaveText("Holds 75 cigars");
  await expect(heldFact(page, "Term")).toHaveText("Held while your membership is active");
});
