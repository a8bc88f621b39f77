import { expect, expectNoAxeViolationsAtWidths, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { conciergePage, screenshots, uniqueWord } from "../support/admissions-fixtures.ts";
import { newestOutboxId, signInAsNewMember } from "../support/members-fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";

/**
 * The calendar's staff pages end to end (docs/product-rules.md#calendar, Staff): the concierge
 * creates an event on /concierge/events/new, a member books it on /members/events/:id, the
 * concierge sees the RSVP with the guest, downloads the CSV, cancels the member's booking and,
 * once they have booked again, the event, each after its confirmation, and the member is emailed
 * each time. The Academy's pages pass axe too.
 */

/** A Portland date `days` from today, as a date field takes it. */
function portlandDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(Date.now() + days * 86_400_000));
}

/** The emails queued to `email` after outbox row `after`. */
function emailsSince(email: string, after: number): { subject: string | null; body: string }[] {
  return queryLocalD1<{ subject: string | null; body: string }>(
    "SELECT subject, body FROM outbox WHERE recipient = ? AND id > ? ORDER BY id",
    email,
    after,
  );
}

test("staff create an event, a member books it with a guest, staff see the RSVP, export it, cancel it, and the member is emailed", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Winter Tasting Night ${uniqueWord()}`;
  const concierge = await conciergePage(browser, baseURL);
  try {
    // The console's Calendar tab opens the events; the calendar pages link each other.
    await gotoHydrated(concierge, "/concierge");
    await concierge.getByRole("navigation", { name: "Concierge console" }).getByRole("link", { name: "Calendar" }).click();
    await expect(concierge).toHaveURL("/concierge/events");
    const calendarNav = concierge.getByRole("navigation", { name: "Calendar" });
    await expect(calendarNav.getByRole("link", { name: "Events" })).toHaveAttribute("aria-current", "page");
    await expect(calendarNav.getByRole("link", { name: "Academy" })).toBeVisible();
    await expect(calendarNav.getByRole("link", { name: "Meeting rooms" })).toBeVisible();
    await expectNoAxeViolationsAtWidths(concierge);

    await concierge.getByRole("link", { name: "New Event" }).click();
    await expect(concierge).toHaveURL("/concierge/events/new");
    await expectNoAxeViolationsAtWidths(concierge);

    // A refused form shows the message beside its field.
    await concierge.getByRole("button", { name: "Create Event" }).click();
    await expect(concierge.getByLabel("Title")).toHaveAccessibleDescription("Enter a title.");

    await concierge.getByLabel("Title").fill(title);
    await concierge.getByLabel("Description").fill("Six cigars from the winter shipment, poured with a Highland malt.");
    await concierge.getByLabel("Kind").selectOption("tasting-night");
    await concierge.getByLabel("Lounge").selectOption({ label: "Kickback Lounge" });
    await concierge.getByLabel("Date").fill(portlandDate(14));
    await concierge.getByLabel("Start time").fill("19:00");
    await concierge.getByLabel("End time").fill("22:00");
    await concierge.getByLabel("Places", { exact: true }).fill("12");
    await concierge.getByLabel("RSVP cut-off in hours").fill("24");
    await concierge.getByRole("button", { name: "Create Event" }).click();
    await expect(concierge).toHaveURL(/\/concierge\/events\/[0-9a-f-]{36}\?done=created$/);
    await expect(concierge.getByRole("status").filter({ hasText: "Event created." })).toBeVisible();
    const eventPath = new URL(concierge.url()).pathname;
    await expect(concierge.getByRole("region", { name: "Booked", exact: true })).toContainText("Nobody has booked yet.");
    await expectNoAxeViolationsAtWidths(concierge);
    await screenshots(concierge, "concierge-event");

    // The member books it with a guest.
    const member = await signInAsNewMember(page, { tier: "business", rulesAccepted: true });
    const eventId = eventPath.split("/").at(-1)!;
    await gotoHydrated(page, `/members/events/${eventId}`);
    await page.getByLabel("Guest's full name").fill("Marlowe Finch");
    await page.getByLabel("My guest is 21 or older").check();
    await page.getByRole("button", { name: "RSVP", exact: true }).click();
    await expectToast(page, "RSVP confirmed", "Your place and your guests' places are held.");

    // Staff see the RSVP with the guest, and the list of events counts both places.
    await gotoHydrated(concierge, eventPath);
    const booked = concierge.getByRole("table", { name: "Members booked, with their guests" });
    const row = booked.getByRole("row").filter({ hasText: member.name });
    await expect(row).toContainText(member.email);
    await expect(row).toContainText("Business");
    await expect(row).toContainText("Marlowe Finch");
    await expectNoAxeViolationsAtWidths(concierge);
    await gotoHydrated(concierge, "/concierge/events");
    await expect(concierge.getByRole("table", { name: "Upcoming events" }).getByRole("row").filter({ hasText: title })).toContainText(
      "2 of 12",
    );
    await screenshots(concierge, "concierge-events");

    // The CSV holds the same list.
    const csv = await concierge.request.get(`${eventPath}.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text).toContain(member.email);
    expect(text).toContain("Marlowe Finch");

    // Staff cancel the member's booking from its row: a confirmation first on the page, then the
    // member is emailed that the club cancelled it.
    await gotoHydrated(concierge, eventPath);
    await concierge
      .getByRole("table", { name: "Members booked, with their guests" })
      .getByRole("row")
      .filter({ hasText: member.name })
      .getByRole("link", { name: `Cancel ${member.name}'s booking` })
      .click();
    await expect(concierge).toHaveURL(new RegExp(`${eventPath}\\?cancel-booking=[0-9a-f-]{36}#cancel-booking$`));
    const confirmation = concierge.getByRole("region", { name: "Cancel a booking" });
    await expect(confirmation).toContainText(`Cancel ${member.name}'s booking, with their guests (Marlowe Finch)?`);
    await expectNoAxeViolationsAtWidths(concierge);
    const beforeBookingCancel = newestOutboxId(member.email);
    await confirmation.getByRole("button", { name: "Yes, Cancel the Booking" }).click();
    await expect(concierge).toHaveURL(`${eventPath}?done=booking-cancelled`);
    await expect(concierge.getByRole("status").filter({ hasText: "Booking cancelled." })).toBeVisible();
    await expect(concierge.getByRole("region", { name: "Booked", exact: true })).toContainText("Nobody has booked yet.");
    await expect.poll(() => emailsSince(member.email, beforeBookingCancel).length, { timeout: 10_000 }).toBe(1);
    expect(emailsSince(member.email, beforeBookingCancel)[0]!.body).toContain("The concierge has cancelled your booking");

    // The member books again, alone.
    await gotoHydrated(page, `/members/events/${eventId}`);
    await page.getByRole("button", { name: "RSVP", exact: true }).click();
    await expectToast(page, "RSVP confirmed", "Your place is held.");

    // Cancel: a confirmation first (linked to, at the top of the page), then the member is emailed.
    await gotoHydrated(concierge, eventPath);
    await concierge.getByRole("link", { name: "Cancel This Event" }).click();
    await expect(concierge).toHaveURL(`${eventPath}?cancel#cancel-event`);
    await expectNoAxeViolationsAtWidths(concierge);
    const before = newestOutboxId(member.email);
    await concierge.getByRole("button", { name: "Yes, Cancel the Event" }).click();
    await expect(concierge).toHaveURL(`${eventPath}?done=cancelled`);
    await expect(concierge.getByRole("status").filter({ hasText: "Event cancelled." })).toBeVisible();
    await expect(concierge.getByRole("region", { name: title, exact: true })).toContainText("Cancelled.");
    await expect(concierge.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
    await expect.poll(() => emailsSince(member.email, before).length, { timeout: 10_000 }).toBe(1);
    const [email] = emailsSince(member.email, before);
    expect(email!.subject).toBe("A booking of yours at Ember & Oak Society is cancelled");
    expect(email!.body).toContain(title);
  } finally {
    await concierge.context().close();
  }
});

test("the Academy's staff pages list the terms, open a term's roster and the new term's form, and pass axe", async ({
  browser,
  baseURL,
}) => {
  const concierge = await conciergePage(browser, baseURL);
  try {
    await gotoHydrated(concierge, "/concierge/academy");
    await expect(concierge.getByRole("navigation", { name: "Calendar" }).getByRole("link", { name: "Academy" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolationsAtWidths(concierge);
    await screenshots(concierge, "concierge-academy");
    await gotoHydrated(concierge, "/concierge/academy?when=past");
    await expectNoAxeViolationsAtWidths(concierge);

    await gotoHydrated(concierge, "/concierge/academy/new");
    await expect(concierge.getByRole("group", { name: "Sessions" })).toBeVisible();
    await expectNoAxeViolationsAtWidths(concierge);

    // The winter term the migration added, with its four sessions and its roster.
    await gotoHydrated(concierge, "/concierge/academy/2027-winter-foundations");
    await expect(concierge.getByLabel("Session 4 date")).toHaveValue("2027-02-02");
    await expect(concierge.getByRole("region", { name: "Enrolled", exact: true })).toBeVisible();
    await expect(concierge.getByRole("region", { name: "Waitlist", exact: true })).toBeVisible();
    await expectNoAxeViolationsAtWidths(concierge);
    await screenshots(concierge, "concierge-academy-term");
  } finally {
    await concierge.context().close();
  }
});
