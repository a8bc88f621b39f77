import { type Locator, type Page } from "@playwright/test";
import { expect, gotoHydrated } from "./fixtures.ts";

/**
 * /members/locker for the end-to-end specs (tests/e2e/lockers, tests/e2e/site/tier-promises.spec.ts):
 * the locker section's states as a member reads them (a locker held, an offer, a place in line, or
 * the invitation to join the line).
 */
export const lockerSection = (page: Page): Locator => page.locator('section[aria-labelledby="locker-title"]');

/** The value beside a term of the held locker's list ("Size" → "Holds 25 cigars"). */
export const heldFact = (page: Page, term: string): Locator =>
  lockerSection(page)
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");

/** The offer: its heading's box, with the locker's words and the Accept and Decline buttons. */
export const offerBox = (page: Page): Locator =>
  lockerSection(page).getByRole("heading", { name: "A locker is offered to you" }).locator("xpath=..");

export type LockerState = "held" | "offered" | "waiting" | "may-join";

/** Opens /members/locker and tells which state its locker section shows once it has loaded. */
export async function openLockerPage(page: Page): Promise<LockerState> {
  await gotoHydrated(page, "/members/locker");
  const section = lockerSection(page);
  const states: [LockerState, Locator][] = [
    ["offered", section.getByRole("heading", { name: "A locker is offered to you" })],
    ["may-join", section.getByRole("button", { name: "Join the Waitlist" })],
    ["waiting", section.getByText(/^You are \d+\w\w in line for an? /)],
    ["held", section.locator("dl")],
  ];
  await expect(
    states
      .map(([, locator]) => locator)
      .reduce((either, locator) => either.or(locator))
      .first(),
  ).toBeVisible();
  for (const [state, locator] of states) if (await locator.isVisible()) return state;
  throw new Error("the locker section shows none of its states");
}

/**
 * A member without a locker joins the line the way the page offers: a free locker of their class is
 * offered at once, or they get a place in line.
 */
export async function joinLockerLine(page: Page): Promise<LockerState> {
  await lockerSection(page).getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(lockerSection(page).getByRole("button", { name: "Join the Waitlist" })).toHaveCount(0);
  return openLockerPage(page);
}
