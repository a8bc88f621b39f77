import { conciergePage, screenshots } from "../support/admissions-fixtures.ts";
import { expect, expectNoAxeViolationsAtWidths, expectToast, test } from "../support/fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";
import { createMember } from "../support/members-fixtures.ts";

/**
 * A form is one intent (docs/product-rules.md#a-form-is-one-intent): the concierge's Record Payment,
 * pressed twice and pressed again after its success, records one quarter; a further quarter takes a
 * button of its own that names the date it pays to.
 */
const loungePayments = (email: string) =>
  queryLocalD1<{ amount_cents: number }>(
    "SELECT amount_cents FROM dues_ledger JOIN members ON members.id = dues_ledger.member_id WHERE members.email = ? AND kind = 'payment'",
    email,
  );

test("Record Payment pressed twice, and again after its success, records one quarter", async ({ browser, baseURL }) => {
  const member = createMember();
  const page = await conciergePage(browser, baseURL);
  await page.goto(`/concierge/payments?q=${encodeURIComponent(member.email)}`);
  const payer = page.getByRole("article", { name: member.name });
  await payer.getByLabel("Method").selectOption({ label: "Cash" });
  const record = payer.getByRole("button", { name: "Record Payment" });
  await record.dblclick();
  await expectToast(page, "Payment Recorded", `$897 from ${member.name} is recorded.`);
  // What was recorded, and no live form to press again.
  await expect(payer.getByText(`$897 from ${member.name} is recorded.`)).toBeVisible();
  await expect(record).toHaveCount(0);
  await expect(payer.getByLabel("Amount")).toHaveCount(0);
  expect(loungePayments(member.email)).toEqual([{ amount_cents: 89700 }]);
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, "concierge-payments-recorded");

  // A further quarter is its own step, worded with where it takes the dues; its form starts empty.
  const further = payer.getByRole("link", { name: /^Record a Further Quarter \(paid through .+\)$/ });
  const paysThrough = /\(paid through (.+)\)/.exec((await further.textContent()) ?? "")?.[1];
  await further.click();
  await expect(payer.getByText(`A further quarter: this payment pays their dues through ${paysThrough}.`)).toBeVisible();
  await expect(payer.getByLabel("Method")).toHaveValue("");
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, "concierge-payments-further");
  await payer.getByLabel("Method").selectOption({ label: "Check" });
  await payer.getByRole("button", { name: "Record Further Quarter" }).click();
  // Recorded: the card now offers the quarter after that one, and the ledger holds the two payments.
  await expect.poll(() => loungePayments(member.email)).toEqual([{ amount_cents: 89700 }, { amount_cents: 89700 }]);
  await expect(payer.getByRole("link", { name: /^Record a Further Quarter/ })).toBeVisible();
  await expect(payer.getByRole("link", { name: /^Record a Further Quarter/ })).not.toContainText(`(paid through ${paysThrough})`);
  await page.context().close();
});
