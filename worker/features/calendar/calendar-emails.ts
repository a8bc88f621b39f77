import { formatPortlandDateTime } from "#app/features/member-area/member-dates.ts";
import { club, healthWarning, loungeBySlug } from "#app/features/site/site-config.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { CalendarListing } from "./calendar-bookings.ts";

/**
 * The emails of a member's calendar bookings (docs/product-rules.md#events), each stored in the
 * outbox in the batch of the step it tells of (a promotion, a cancellation, the reminder the day
 * before). Subjects hold no user text (a listing's title is staff text: it is in the body,
 * escaped); times are the club's (America/Los_Angeles). `name` is already escaped, or a slot
 * (worker/features/lockers/locker-emails.ts `slot`) the batch fills from the member's row.
 */
export interface CalendarEmail {
  subject: string;
  body: string;
}

/** What the emails say of a listing. */
export type ListingFacts = Pick<CalendarListing, "id" | "kind" | "title" | "lounge" | "startsAt">;

/** The member's page of the listing: the event's own page, or the Academy's. */
export function listingPage(listing: Pick<CalendarListing, "id" | "kind">, siteUrl: string): string {
  return new URL(listing.kind === "event" ? `/members/events/${encodeURIComponent(listing.id)}` : "/members/academy", siteUrl).href;
}

function what(listing: ListingFacts): string {
  const lounge = loungeBySlug(listing.lounge).name;
  const begins = listing.kind === "event" ? "starts" : "begins with its first session";
  return `<strong>${escapeMarkup(listing.title)}</strong> at the ${escapeMarkup(lounge)} ${begins} on ${escapeMarkup(formatPortlandDateTime(listing.startsAt))}`;
}

function letter(title: string, name: string, paragraphs: string[], listing: ListingFacts, siteUrl: string): string {
  const page = listingPage(listing, siteUrl);
  return [
    `<h1>${escapeMarkup(title)}</h1>`,
    `<p>${name},</p>`,
    ...paragraphs.map((paragraph) => `<p>${paragraph}</p>`),
    `<p>Your booking: <a href="${escapeMarkup(page)}">${escapeMarkup(page)}</a> (sign in first).</p>`,
    `<p>With warm regards,<br>The Concierge, ${escapeMarkup(club.name)}</p>`,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ].join("");
}

/** A place freed and the member, who was waiting, has it now. */
export function calendarPromotionEmail({
  name,
  listing,
  siteUrl,
}: {
  name: string;
  listing: ListingFacts;
  siteUrl: string;
}): CalendarEmail {
  return {
    subject: `A place has opened for you at ${club.name}`,
    body: letter(
      "You have a place",
      name,
      [
        `A place opened and it is yours: ${what(listing)}. You were on the waitlist; your booking is now confirmed.`,
        "If you cannot come after all, please cancel on your booking page so the place goes to the next member waiting.",
      ],
      listing,
      siteUrl,
    ),
  };
}

/** The member's booking was cancelled by the club: the whole listing, or their booking by staff. */
export function calendarCancellationEmail({
  name,
  listing,
  by,
  siteUrl,
}: {
  name: string;
  listing: ListingFacts;
  by: "listing" | "staff";
  siteUrl: string;
}): CalendarEmail {
  const said =
    by === "listing"
      ? `We are sorry: ${what(listing)}, and it has been cancelled. Your booking (or your place on the waitlist) and any guests you registered for it are cancelled with it.`
      : `The concierge has cancelled your booking: ${what(listing)}. Any guests you registered for it are cancelled with it. Please reply if this comes as a surprise.`;
  return {
    subject: `A booking of yours at ${club.name} is cancelled`,
    body: letter("Your booking is cancelled", name, [said], listing, siteUrl),
  };
}

/** The day before: what the member booked, and their guests' count. */
export function calendarReminderEmail({ name, listing, siteUrl }: { name: string; listing: ListingFacts; siteUrl: string }): CalendarEmail {
  return {
    subject: `Tomorrow at ${club.name}`,
    body: letter(
      "See you tomorrow",
      name,
      [
        `A reminder of your booking: ${what(listing)}.`,
        `Please bring photo ID; guests must be ${club.minimumAge} or older and bring theirs. If you cannot come, please cancel on your booking page so the place goes to someone waiting.`,
      ],
      listing,
      siteUrl,
    ),
  };
}
