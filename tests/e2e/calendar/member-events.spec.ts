import { type Browser, type Locator, type Page } from "@playwright/test";
import { expect, expectNoAxeViolationsAtWidths, expectToast, gotoHydrated, prepareContext, test } from "../support/fixtures.ts";
import { screenshots } from "../support/admissions-fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";
import { E2E_CALENDAR } from "../support/calendar-seed.ts";
import { guestName } from "../support/guest-steps.ts";

/**
 * The members' event pages end to end (docs/product-rules.md#members-pages), against the events the
 * seed puts on the calendar (tests/e2e/support/calendar-seed.ts): a member of each tier sees and
 * books only what the tier includes; a Platinum member brings named guests; a waitlisted member is
 * promoted when the member holding the place cancels (two browsers); booking with the keyboard
 * alone; every state passes axe; and without JavaScript the RSVP still works.
 */
const { tasting, dinner, special, waitlist } = E2E_CALENDAR;
const PHONE = { width: 390, height: 844 };

const region = (page: Page, name: string): Locator => page.getByRole("region", { name });
const eventCard = (page: Page, title: string): Locator => page.getByRole("article", { name: title, exact: true });
const yourPlace = (page: Page): Locator => region(page, "Your place");

/** A second member's browser (a context of its own), signed in with the rules accepted. */
async function secondMember(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1600, height: 900 } });
  await prepareContext(context, baseURL);
  const page = await context.newPage();
  const member = await signInAsNewMember(page, { rulesAccepted: true });
  return { page, member, close: () => context.close() };
}

test.describe("each tier's calendar", () => {
  const tiers = [
    { tier: "kickback", sees: [tasting], misses: [dinner, special] },
    { tier: "business", sees: [tasting, dinner], misses: [special] },
    { tier: "platinum", sees: [tasting, dinner, special], misses: [] },
  ] as const;

  for (const { tier, sees, misses } of tiers) {
    test(`a ${tier} member sees and books only the events the tier includes`, async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsNewMember(page, { tier, rulesAccepted: true });
      // The header's one Calendar link opens the events.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar", exact: true }).click();
      await expect(page).toHaveURL("/members/events");
      const mainNav = page.getByRole("navigation", { name: "Main" });
      await expect(mainNav.locator('[aria-current="page"]')).toHaveText("Calendar");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Evenings ahead");
      for (const event of sees) await expect(eventCard(page, event.title)).toBeVisible();
      for (const event of misses) await expect(eventCard(page, event.title)).toHaveCount(0);
      const card = eventCard(page, tasting.title);
      await expect(card).toContainText("Kickback, Business and Platinum");
      await expect(card.locator("time")).toHaveText(/ at 7:00 PM to 10:00 PM P[SD]T$/);
      await expect(region(page, "Upcoming events")).toContainText(/\d+ places? left/);
      await expectNoAxeViolationsAtWidths(page);
      await screenshots(page, `members-events-${tier}`);

      // An event of another tier, opened by its address, says whom it is for and offers no RSVP.
      for (const event of misses) {
        await page.goto(`/members/events/${event.id}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.title);
        await expect(page.getByRole("main")).toContainText(/Your membership does not include this event: it is for [\w ,]+ members\./);
        await expect(page.getByRole("main").getByRole("button", { name: /RSVP|Waitlist/ })).toHaveCount(0);
      }

      // The last event the tier includes: RSVP alone, then cancel.
      const last = sees[sees.length - 1]!;
      await gotoHydrated(page, "/members/events");
      await eventCard(page, last.title).getByRole("link", { name: last.title }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(last.title);
      await expect(region(page, "About this event").getByRole("link", { name: "Add to your calendar (.ics)" })).toHaveAttribute(
        "href",
        `/members/events/${last.id}.ics`,
      );
      await expectNoAxeViolationsAtWidths(page);
      await yourPlace(page).getByRole("button", { name: "RSVP", exact: true }).click();
      await expectToast(page, "RSVP confirmed", "Your place is held.");
      await expect(yourPlace(page)).toContainText("Booked.");
      await expectNoAxeViolationsAtWidths(page);

      await page.goto("/members");
      const nextBookings = region(page, "Your next bookings");
      await expect(nextBookings.getByRole("link", { name: last.title })).toHaveAttribute("href", `/members/events/${last.id}`);
      await nextBookings.getByRole("link", { name: last.title }).click();
      await expect(page).toHaveURL(`/members/events/${last.id}`);

      await yourPlace(page)
        .getByRole("button", { name: /^Cancel my place/ })
        .click();
      await expectToast(page, "Place cancelled", "Your place has gone back to the members.");
      await expect(yourPlace(page).getByRole("button", { name: "RSVP", exact: true })).toBeVisible();
    });
  }

  test("a Platinum member brings named guests to an event night, removes one and adds another", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsNewMember(page, { tier: "platinum", rulesAccepted: true });
    await gotoHydrated(page, `/members/events/${special.id}`);
    const place = yourPlace(page);
    const [first, second, third, fourth] = [guestName("Ada"), guestName("Grace"), guestName("Dora"), guestName("Frida")];

    // A guest without the 21+ box is refused beside the box, which takes the focus.
    await place.getByLabel("Guest 1's full name").fill(first);
    await place.getByRole("button", { name: "RSVP", exact: true }).click();
    await expect(place.getByLabel("My guests are 21 or older")).toHaveAttribute("aria-invalid", "true");
    await expect(place).toContainText("Please confirm your guests are 21 or older.");
    await expect(place.getByLabel("My guests are 21 or older")).toBeFocused();

    await place.getByLabel("Guest 2's full name").fill(second);
    await place.getByLabel("Guest 2's email").fill("grace@example.com");
    await place.getByLabel("My guests are 21 or older").check();
    await place.getByRole("button", { name: "RSVP", exact: true }).click();
    await expectToast(page, "RSVP confirmed", "Your place and your guests' places are held.");
    await expect(place).toContainText("Booked, with 2 guests.");
    await expectNoAxeViolationsAtWidths(page);
    await screenshots(page, "members-event-booked-with-guests");

    await place.getByRole("button", { name: `Remove ${first}` }).click();
    await expectToast(page, "Guest removed", "Their place has gone back to the members.");
    await expect(place).toContainText("Booked, with 1 guest.");

    const addGuest = place.locator("form").filter({ has: page.getByRole("heading", { name: "Add a guest" }) });
    await addGuest.getByLabel("Guest's full name").fill(third);
    await addGuest.getByLabel("My guest is 21 or older").check();
    await addGuest.getByRole("button", { name: "Add guest" }).click();
    await expectToast(page, "Guest added", "Your guest is on the list for the evening.");
    await expect(place).toContainText("Booked, with 2 guests.");
    await expect(place.getByRole("listitem").filter({ hasText: third })).toBeVisible();

    // The add-guest form is one intent (docs/product-rules.md#a-form-is-one-intent): emptied after
    // its guest is added, it takes a new key, so the next guest is added too.
    await expect(addGuest.getByLabel("Guest's full name")).toHaveValue("");
    await expect(addGuest.getByLabel("My guest is 21 or older")).not.toBeChecked();
    await addGuest.getByLabel("Guest's full name").fill(fourth);
    await addGuest.getByLabel("My guest is 21 or older").check();
    await addGuest.getByRole("button", { name: "Add guest" }).click();
    await expectToast(page, "Guest added", "Your guest is on the list for the evening.");
    await expect(place).toContainText("Booked, with 3 guests.");
    await expect(place.getByRole("listitem").filter({ hasText: fourth })).toBeVisible();

    await place.getByRole("button", { name: /^Cancel my place/ }).click();
    await expectToast(page, "Place cancelled", "Your place has gone back to the members.");
  });
});

test("a waitlisted member is promoted when the member holding the place cancels", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // One place each; a retry takes the evening nobody has booked yet.
  const evening = waitlist.find(
    (candidate) =>
      queryLocalD1<{ n: number }>(
        "SELECT count(*) AS n FROM calendar_bookings WHERE listing_id = ? AND status <> 'cancelled'",
        candidate.id,
      )[0]?.n === 0,
  );
  if (!evening) throw new Error("both one-place evenings are booked: add one to tests/e2e/support/calendar-seed.ts");
  await signInAsNewMember(page, { rulesAccepted: true });
  const second = await secondMember(browser, baseURL);
  try {
    // The second member opens the evening while its place is free…
    await gotoHydrated(second.page, `/members/events/${evening.id}`);
    await expect(yourPlace(second.page).getByRole("button", { name: "RSVP", exact: true })).toBeVisible();

    // …the first takes it…
    await gotoHydrated(page, `/members/events/${evening.id}`);
    await yourPlace(page).getByRole("button", { name: "RSVP", exact: true }).click();
    await expectToast(page, "RSVP confirmed", "Your place is held.");

    // …and the second's RSVP is refused in words beside the form the page now offers: the waitlist.
    await yourPlace(second.page).getByRole("button", { name: "RSVP", exact: true }).click();
    await expect(yourPlace(second.page).getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
      "Sorry, this event is full. Join the waitlist and we will email you if a place frees.",
    );
    await expect(yourPlace(second.page)).toContainText("Every place is taken.");
    await expectNoAxeViolationsAtWidths(second.page);
    await yourPlace(second.page).getByRole("button", { name: "Join the Waitlist" }).click();
    await expectToast(second.page, "On the waitlist", "We will email you if a place frees.");
    await expect(yourPlace(second.page)).toContainText("1st on the waitlist.");
    await expectNoAxeViolationsAtWidths(second.page);
    await screenshots(second.page, "members-event-waitlisted");
    await gotoHydrated(second.page, "/members/events");
    await expect(eventCard(second.page, evening.title)).toContainText("Full · waitlist open");
    await expect(eventCard(second.page, evening.title)).toContainText("1st on the waitlist");
    await eventCard(second.page, evening.title).getByRole("link", { name: evening.title }).click();
    await expect(yourPlace(second.page)).toContainText("1st on the waitlist.");

    const emailsBefore = queryLocalD1<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE recipient = ?", second.member.email)[0]!.n;
    await yourPlace(page)
      .getByRole("button", { name: /^Cancel my place/ })
      .click();
    await expectToast(page, "Place cancelled", "Your place has gone back to the members.");

    await second.page.reload();
    await expect(yourPlace(second.page)).toContainText("Booked.");
    await expect
      .poll(() => queryLocalD1<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE recipient = ?", second.member.email)[0]!.n)
      .toBeGreaterThan(emailsBefore);
  } finally {
    await second.close();
  }
});

test("the club rules step stands in front of the calendar's pages until accepted", async ({ page }) => {
  await signInAsNewMember(page, { rulesAccepted: false });
  for (const path of ["/members/events", `/members/events/${tasting.id}`, "/members/academy"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("First, the club rules.");
    await expect(page.getByText(tasting.title)).toHaveCount(0);
  }
});

test("an RSVP made with the keyboard alone (Tab and Enter)", async ({ page }) => {
  await signInAsNewMember(page, { rulesAccepted: true });
  await gotoHydrated(page, `/members/events/${tasting.id}`);
  const rsvp = yourPlace(page).getByRole("button", { name: "RSVP", exact: true });
  for (let presses = 0; presses < 80 && !(await rsvp.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(rsvp).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "RSVP confirmed", "Your place is held.");
  // Focus lands on the member's place, so the next Tabs reach its forms (the guest's, then the cancel).
  await expect(yourPlace(page).getByRole("heading", { name: "Your place", exact: true })).toBeFocused();
  const cancel = yourPlace(page).getByRole("button", { name: /^Cancel my place/ });
  for (let presses = 0; presses < 8 && !(await cancel.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Place cancelled", "Your place has gone back to the members.");
  await expect(yourPlace(page).getByRole("heading", { name: "Your place", exact: true })).toBeFocused();
});

test("the event pages' first load leaves out zod: their forms are checked by the actions only", async ({ page }) => {
  await signInAsNewMember(page, { rulesAccepted: true });
  for (const path of ["/members/events", `/members/events/${tasting.id}`, "/members/academy", "/members"]) {
    const scripts: Promise<string>[] = [];
    const fresh = await page.context().newPage();
    fresh.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    await gotoHydrated(fresh, path);
    await fresh.waitForLoadState("networkidle");
    expect(
      (await Promise.all(scripts)).some((body) => body.includes("ZodError")),
      path,
    ).toBe(false);
    await fresh.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the RSVP with a guest, its refusal and the cancel work as plain form posts", async ({ page }) => {
    await signInAsNewMember(page, { rulesAccepted: true });
    await page.goto(`/members/events/${tasting.id}`);
    const place = yourPlace(page);
    await place.getByLabel("Guest's full name").fill("Ada Lovelace");
    await place.getByRole("button", { name: "RSVP", exact: true }).click();
    // The error reads the box's own words (one guest line: "My guest is…"), and the typed name stays.
    await expect(yourPlace(page)).toContainText("Please confirm your guest is 21 or older.");
    await expect(yourPlace(page).getByLabel("Guest's full name")).toHaveValue("Ada Lovelace");

    await yourPlace(page).getByLabel("Guest's full name").fill(guestName("Ada"));
    await yourPlace(page).getByLabel("My guest is 21 or older").check();
    await yourPlace(page).getByRole("button", { name: "RSVP", exact: true }).click();
    await expect(page).toHaveURL(`/members/events/${tasting.id}?done=booked-with-guests`);
    await expect(yourPlace(page).getByRole("status")).toContainText("RSVP confirmed. Your place and your guests' places are held.");
    await expect(yourPlace(page)).toContainText("Booked, with 1 guest.");

    await yourPlace(page)
      .getByRole("button", { name: /^Cancel my place/ })
      .click();
    await expect(yourPlace(page).getByRole("status")).toContainText("Place cancelled. Your place has gone back to the members.");
    await expect(yourPlace(page).getByRole("button", { name: "RSVP", exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
