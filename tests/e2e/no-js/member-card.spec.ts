import { expect, prepareContext, test } from "../support/fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";

/**
 * The member card without JavaScript (docs/product-rules.md#member-card): the page explains that
 * the code needs it, and the member's cards are still listed and revoked with plain forms. The card
 * itself is set up first in a second, scripted browser holding the same session (the member's
 * phone); after the revocation that phone shows the refusal and may set the card up again.
 */
test("without JavaScript the card page explains itself and a card is revoked with a plain form; the phone then shows the refusal", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await signInAsNewMember(page, { rulesAccepted: true });

  const phoneContext = await browser.newContext({ javaScriptEnabled: true, baseURL });
  await prepareContext(phoneContext, baseURL);
  await phoneContext.addCookies(await context.cookies());
  const phone = await phoneContext.newPage();
  try {
    await phone.goto("/members/card");
    await expect(phone.getByTestId("member-code")).toHaveAttribute("data-code", /^EO1\./);

    await page.goto("/members/card");
    // In <noscript>: Chromium with scripts turned off by Playwright still parses it as text, so the
    // document is checked rather than what is painted.
    expect(await page.content()).toMatch(/<noscript>.*so it needs JavaScript\./s);
    const cards = page.getByRole("list", { name: "Your cards" });
    await expect(cards.getByRole("listitem")).toHaveCount(1);
    await cards.getByRole("button", { name: /^Revoke/ }).click();
    await expect(page).toHaveURL("/members/card?done=card-revoked");
    await expect(cards.getByRole("listitem")).toContainText("Revoked");
    await expect(cards.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);

    await phone.reload();
    await expect(phone.getByRole("alert")).toContainText("Your card is not active: it was revoked.");
    await expect(phone.getByTestId("member-code")).toHaveCount(0);
    await phone.getByRole("button", { name: "Set up the card again on this device" }).click();
    await expect(phone.getByTestId("member-code")).toHaveAttribute("data-code", /^EO1\./);
  } finally {
    await phoneContext.close();
  }
});
