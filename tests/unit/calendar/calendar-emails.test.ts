import { describe, expect, it } from "vitest";
import { calendarCancellationEmail, calendarPromotionEmail, calendarReminderEmail } from "#worker/features/calendar/calendar-emails.ts";

const listing = {
  id: "2031-dinner",
  kind: "event" as const,
  title: "Cedar <b>& Smoke</b>",
  lounge: "platinum" as const,
  startsAt: "2031-01-10T03:00:00.000Z",
};
const siteUrl = "https://emberandoak.test";

/** The calendar's emails (docs/product-rules.md#events): escaped staff text, Portland times, no user text in subjects. */
describe("calendar emails", () => {
  it("escapes the title and gives the start in Portland time", () => {
    for (const email of [
      calendarPromotionEmail({ name: "Ada", listing, siteUrl }),
      calendarReminderEmail({ name: "Ada", listing, siteUrl }),
      calendarCancellationEmail({ name: "Ada", listing, by: "listing", siteUrl }),
    ]) {
      expect(email.subject).not.toContain("Cedar");
      expect(email.body).toContain("Cedar &lt;b&gt;&amp; Smoke&lt;/b&gt;");
      expect(email.body).toContain("Thursday, January 9, 2031 at 7:00 PM PST");
      expect(email.body).toContain(`${siteUrl}/members/events/2031-dinner`);
    }
  });

  it("sends a course's member to the Academy page", () => {
    expect(calendarReminderEmail({ name: "Ada", listing: { ...listing, kind: "course" }, siteUrl }).body).toContain(
      `${siteUrl}/members/academy`,
    );
  });
});
