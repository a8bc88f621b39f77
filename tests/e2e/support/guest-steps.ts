import { type Locator, type Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { queryLocalD1 } from "./local-d1.ts";
import { E2E_EVENT_NIGHT, nextDay } from "./event-night.ts";
import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";
import { formatPortlandDay, portlandDay } from "#app/features/member-area/member-dates.ts";

/**
 * Guests for the end-to-end specs (tests/e2e/guests, tests/e2e/site/tier-promises.spec.ts): Portland
 * days, the club event the seed puts on the calendar so that an event night falls inside the
 * window members may register guests for, and the /members/guests form filled as a member fills it.
 */

export const today = (): string => portlandDay(new Date());
export { formatPortlandDay, nextDay };

/** The Portland day of the seeded event night. */
export function eventNightDay(): string {
  const [event] = queryLocalD1<{ startsAt: string }>(
    "SELECT starts_at AS startsAt FROM calendar_listings WHERE id = ?",
    E2E_EVENT_NIGHT.id,
  );
  if (!event) throw new Error("the e2e seed's event night is missing (tests/e2e/support/seed-member-pool.ts)");
  return portlandDay(new Date(event.startsAt));
}

/** Whether a scheduled club event starts at this lounge on this Portland day (an event night there). */
export function isEventNight(loungeName: string, day: string): boolean {
  return (
    queryLocalD1<{ id: string }>(
      "SELECT id FROM calendar_listings WHERE kind = 'event' AND status = 'scheduled' AND lounge = ? AND starts_at >= ? AND starts_at < ?",
      // "Business Lounge" is the lounge `business` (app/features/site/site-config.ts).
      loungeName.split(" ")[0]!.toLowerCase(),
      portlandTimeToUtc(day, "00:00") ?? "",
      portlandTimeToUtc(nextDay(day), "00:00") ?? "",
    ).length > 0
  );
}

/** A guest's name no other test uses: letters only, as the guest-name rules require. */
export function guestName(first = "Guest"): string {
  const word = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
  return `${first} ${word.replace(/^./, (letter) => letter.toUpperCase())}`;
}

export const registerForm = (page: Page): Locator => page.getByRole("region", { name: "Register a guest" }).locator("form");

export interface GuestEntry {
  day: string;
  /** The lounge's name as the form lists it; the form's first (the home lounge) when left out. */
  lounge?: string;
  name: string;
  email?: string;
}

/** Fills the registration form (the 21+ box ticked) and submits it. */
export async function submitGuest(page: Page, guest: GuestEntry): Promise<void> {
  const form = registerForm(page);
  await form.getByLabel("Day").fill(guest.day);
  if (guest.lounge) await form.getByLabel("Lounge").selectOption({ label: guest.lounge });
  await form.getByLabel("Guest's full name").fill(guest.name);
  await form.getByLabel(/^My guest is \d+ or older$/).check();
  await form.getByLabel("Guest's email (optional)").fill(guest.email ?? "");
  // The answer to this submission, not the message a previous one left on the page.
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/members/guests"));
  await form.getByRole("button", { name: "Register guest" }).click();
  await answered;
}

/** Registers a guest and waits for the page to confirm it. */
export async function registerGuest(page: Page, guest: GuestEntry): Promise<void> {
  await submitGuest(page, guest);
  await expect(registerForm(page).getByRole("status")).toContainText(`${guest.name} is expected at the `);
  await expect(registerForm(page).getByRole("status")).toContainText(` on ${formatPortlandDay(guest.day)}.`);
  // The form is emptied for the next guest: pressed again, it registers nobody (docs/product-rules.md#a-form-is-one-intent).
  await expect(registerForm(page).getByLabel("Guest's full name")).toHaveValue("");
  await expect(registerForm(page).getByLabel(/^My guest is \d+ or older$/)).not.toBeChecked();
}

/** Submits a guest the allowance does not cover and waits for the page's refusal. */
export async function expectGuestRefused(page: Page, guest: GuestEntry, message: string): Promise<void> {
  await submitGuest(page, guest);
  await expect(registerForm(page).getByRole("alert")).toHaveText(message);
}

/** The refusal when the day's guests are all used. */
export const dayFullMessage = (day: string) => `You already have every guest your membership allows on ${formatPortlandDay(day)}.`;
export const monthFullMessage = "You have used every guest day of that month. Guest days return on the first of the month.";
