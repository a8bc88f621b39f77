import type { MetaDescriptor } from "react-router";
import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { club } from "#app/features/site/site-config.ts";

/**
 * Shared bits of the concierge console's pages. Times are formatted on the server in Portland
 * time and sent as text, so the hydrated page shows the same string.
 */
const consoleTime = new Intl.DateTimeFormat("en-US", {
  timeZone: CLUB_TIME_ZONE,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "Nov 21, 2026, 7:05 PM PST"; null stays null. */
export function formatConsoleTime(iso: string | null): string | null {
  return iso ? consoleTime.format(new Date(iso)) : null;
}

/** Title and noindex for a console page; no canonical or Open Graph tags for a private page. */
export function conciergeMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Concierge Console | ${club.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * "3 failed deliveries, newest first." or, when the list reached its limit, "The 50 newest
 * deliveries." (older ones need a narrower filter). A list of what lies ahead is `soonest` first.
 */
export function listSummary(
  count: number,
  limit: number,
  [singular, plural]: [string, string],
  order: "newest" | "soonest" = "newest",
): string {
  if (count >= limit) return `The ${limit} ${order} ${plural}.`;
  return `${count} ${count === 1 ? singular : plural}, ${order} first.`;
}
