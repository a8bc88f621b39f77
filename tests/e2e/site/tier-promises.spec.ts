import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolationsAtWidths, gotoHydrated, test } from "../support/fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";
import {
  dayFullMessage,
  eventNightDay,
  expectGuestRefused,
  guestName,
  isEventNight,
  monthFullMessage,
  nextDay,
  registerGuest,
  today,
} from "../support/guest-steps.ts";
import { E2E_EVENT_NIGHT } from "../support/event-night.ts";
import { screenshots } from "../support/admissions-fixtures.ts";
import { heldFact, joinLockerLine, lockerSection, offerBox, openLockerPage } from "../support/locker-steps.ts";

/**
 * What /memberships promises is what the member area allows (docs/product-rules.md#tier-entitlements):
 * for a member of each tier, the tier's guest allowance and locker are read from the words of
 * /memberships as a visitor reads them, then checked against /members/guests (what it says, and
 * what it registers and refuses) and /members/locker (the class and size of the locker offered or
 * waited for).
 */

const tiers = [
  { slug: "kickback", name: "Kickback" },
  { slug: "business", name: "Business" },
  { slug: "platinum", name: "Platinum" },
] as const;

const numberWords: Record<string, number> = { no: 0, a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

interface Promises {
  guestsPerDay: number;
  /** Days a month with guests; null: every day. */
  guestDaysPerMonth: number | null;
  extraGuestsOnEventNights: number;
  /** ", and two extra guests on event nights" as the member area words it; empty without extras. */
  extrasWords: string;
  /** "shared shelf" */
  lockerClass: string;
  cigars: number;
  nameplate: boolean;
}

/** The tier's card on /memberships, its guest and locker lines read as a visitor reads them. */
async function promisesOf(page: Page, tierName: string): Promise<Promises> {
  await gotoHydrated(page, "/memberships");
  const card = page
    .getByRole("region", { name: "Choose your chair" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: tierName, exact: true }) });
  const guests = (await card.getByText(/^Guest privileges: /).textContent()) ?? "";
  const locker = (await card.getByText(/^Quarterly locker: /).textContent()) ?? "";
  const perDay = /^Guest privileges: (?:a guest every day|(\w+) guests? a day)/.exec(guests);
  const lockerWords = /^Quarterly locker: an? (.+?) for up to (\d+) cigars/.exec(locker);
  if (!perDay || !lockerWords) throw new Error(`unreadable promises for ${tierName}: "${guests}" / "${locker}"`);
  const extras = /and (\w+) extra guests? on event nights/.exec(guests)?.[1];
  return {
    guestsPerDay: perDay[1] === undefined ? 1 : (numberWords[perDay[1]] ?? Number(perDay[1])),
    guestDaysPerMonth: Number(/on (\d+) days a month/.exec(guests)?.[1] ?? Number.NaN) || null,
    extraGuestsOnEventNights: extras === undefined ? 0 : (numberWords[extras] ?? Number(extras)),
    extrasWords: extras === undefined ? "" : `, and ${extras} extra guest${extras === "one" ? "" : "s"} on event nights`,
    lockerClass: lockerWords[1] ?? "",
    cigars: Number(lockerWords[2]),
    nameplate: locker.includes("with a nameplate whose text you choose"),
  };
}

/** "2026-12" of "2026-12-15". */
const monthOf = (day: string) => day.slice(0, 7);

/** Days of `month` from `from` on, skipping `skip`, `count` of them. */
function daysOfMonth(month: string, from: string, skip: string[], count: number): string[] {
  const days: string[] = [];
  for (let day = from < `${month}-01` ? `${month}-01` : from; monthOf(day) === month && days.length < count; day = nextDay(day)) {
    if (!skip.includes(day)) days.push(day);
  }
  if (days.length < count) throw new Error(`only ${days.length} free days in ${month} from ${from}`);
  return days;
}

for (const tier of tiers) {
  test(`a ${tier.name} member's guests and locker are what /memberships promises`, async ({ page }) => {
    await signInAsNewMember(page, { tier: tier.slug, rulesAccepted: true });
    const promised = await promisesOf(page, tier.name);
    await screenshots(page, "memberships");

    // What /members/guests says: the allowance in the same numbers.
    await gotoHydrated(page, "/members/guests");
    const hero = page
      .getByRole("main")
      .locator("p")
      .filter({ hasText: / guest days left this month| every day/ })
      .first();
    const { extrasWords } = promised;
    await expect(hero).toContainText(
      promised.guestDaysPerMonth === null
        ? `A guest every day${extrasWords}.`
        : `${promised.guestDaysPerMonth} of ${promised.guestDaysPerMonth} guest days left this month${extrasWords}.`,
    );
    await expectNoAxeViolationsAtWidths(page);

    // The event night (at a lounge every tier opens): the day's guests plus the tier's extras, then no more.
    const eventDay = eventNightDay();
    const onEventNight = promised.guestsPerDay + promised.extraGuestsOnEventNights;
    for (let count = 0; count < onEventNight; count++) {
      await registerGuest(page, { day: eventDay, lounge: E2E_EVENT_NIGHT.loungeName, name: guestName("Evening") });
    }
    await expectGuestRefused(
      page,
      { day: eventDay, lounge: E2E_EVENT_NIGHT.loungeName, name: guestName("Evening") },
      dayFullMessage(eventDay),
    );

    // Other days of that month at the home lounge: a tier with guest days a month has them all and
    // no more; a daily tier has more days than any monthly allowance.
    const month = monthOf(eventDay);
    const homeLounge = await page
      .getByRole("region", { name: "Register a guest" })
      .getByLabel("Lounge")
      .locator("option")
      .first()
      .textContent();
    const plainDays = daysOfMonth(month, today(), [eventDay], (promised.guestDaysPerMonth ?? 4) + 4)
      .filter((day) => !isEventNight(homeLounge ?? "", day))
      .slice(0, (promised.guestDaysPerMonth ?? 4) + 1);
    const allowedDays = promised.guestDaysPerMonth === null ? plainDays : plainDays.slice(0, promised.guestDaysPerMonth - 1);
    for (const day of allowedDays) await registerGuest(page, { day, name: guestName("Member") });
    if (promised.guestDaysPerMonth !== null) {
      const oneDayTooMany = plainDays[promised.guestDaysPerMonth - 1] ?? "";
      await expectGuestRefused(page, { day: oneDayTooMany, name: guestName("Member") }, monthFullMessage);
    }
    // A plain day takes the day's guests only, whatever the tier's event-night extras.
    const plainDay = allowedDays[0] ?? "";
    for (let count = 1; count < promised.guestsPerDay; count++) await registerGuest(page, { day: plainDay, name: guestName("Member") });
    await expectGuestRefused(page, { day: plainDay, name: guestName("Member") }, dayFullMessage(plainDay));

    await screenshots(page, `members-guests-${tier.slug}`);

    // The count the page shows follows the guest days used this month.
    if (promised.guestDaysPerMonth !== null) {
      const usedThisMonth = month === monthOf(today()) ? promised.guestDaysPerMonth : 0;
      await page.reload();
      await expect(hero).toContainText(
        `${promised.guestDaysPerMonth - usedThisMonth} of ${promised.guestDaysPerMonth} guest days left this month`,
      );
    }

    // /members/locker: a locker of the promised class and size is offered (or a place in its line).
    let state = await openLockerPage(page);
    if (state === "may-join") {
      await expect(lockerSection(page)).toContainText(`You are not on the waitlist for a ${promised.lockerClass}.`);
      state = await joinLockerLine(page);
    }
    if (state === "waiting") {
      await expect(lockerSection(page)).toContainText(new RegExp(`You are \\d+\\w\\w in line for an? ${promised.lockerClass}\\.`));
      return;
    }
    if (state === "offered") {
      await expect(offerBox(page)).toContainText(
        new RegExp(`${promised.lockerClass} \\S+ at the .+ \\(holds ${promised.cigars} cigars\\)`, "i"),
      );
      await expectNoAxeViolationsAtWidths(page);
      await offerBox(page).getByRole("button", { name: "Accept Locker" }).click();
      await expect(offerBox(page)).toHaveCount(0);
    }
    await expect(heldFact(page, "Locker")).toHaveText(new RegExp(`^${promised.lockerClass} \\S+$`, "i"));
    await expect(heldFact(page, "Size")).toHaveText(`Holds ${promised.cigars} cigars`);
    await expect(heldFact(page, "Status")).toHaveText("Active");
    // The nameplate is promised with the cedar-lined locker only, and kept where promised.
    const nameplate = page.getByRole("region", { name: "Nameplate" });
    if (!promised.nameplate) {
      await expect(nameplate).toHaveCount(0);
      return;
    }
    await nameplate.getByLabel("Nameplate text").fill("A. Quill & Sons");
    await nameplate.getByRole("button", { name: "Save Nameplate" }).click();
    await expect(nameplate).toContainText("Your nameplate reads “A. Quill & Sons”.");
    await expectNoAxeViolationsAtWidths(page);
  });
}
