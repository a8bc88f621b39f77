import { courseNames, tierEntitlements, type CourseSlug, type EventKind, type TierSlug } from "#app/features/site/tier-entitlements.ts";
import { tierNamesInWords } from "#app/features/site/tier-inclusions.ts";
import { tiersForListing } from "./calendar-eligibility.ts";

/**
 * Words of the calendar's staff pages (docs/product-rules.md#calendar, Staff), client-safe: the
 * kinds of event as a form's choices and who may book a listing.
 */
export const eventKindLabels: Record<EventKind, string> = {
  "tasting-night": "Tasting night",
  "patio-series": "Patio series",
  "master-blender-dinner": "Master blender dinner",
  "special-event": "Special event",
};

/** A listing's kind or course as the console names it. */
export function categoryLabel(kind: "event" | "course", category: string): string {
  return kind === "event" ? (eventKindLabels[category as EventKind] ?? category) : (courseNames[category as CourseSlug] ?? category);
}

/** "Business and Platinum": the tiers that may book a listing of this kind and category. */
export function bookableBy(kind: "event" | "course", category: string): string {
  return tierNamesInWords(tiersForListing({ kind, category }));
}

/** The tiers with reserved seating at master blender dinners ("Platinum"). */
export const reservedSeatingTiers = tierNamesInWords(
  (Object.keys(tierEntitlements) as TierSlug[]).filter((tier) => tierEntitlements[tier].reservedSeating),
);
