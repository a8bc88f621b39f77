import { describe, expect, it } from "vitest";
import {
  eventGuestLimit,
  eventLoungeClosedTo,
  placesLeftFor,
  tierMayBook,
  tiersForListing,
} from "#app/features/calendar/calendar-eligibility.ts";

/** Who may book what, and the places left for each tier (docs/product-rules.md#events). */
describe("calendar eligibility", () => {
  it("follows the tier table for events and courses", () => {
    expect(tiersForListing({ kind: "event", category: "master-blender-dinner" })).toEqual(["business", "platinum"]);
    expect(tiersForListing({ kind: "event", category: "tasting-night" })).toEqual(["kickback", "business", "platinum"]);
    expect(tiersForListing({ kind: "event", category: "special-event" })).toEqual(["platinum"]);
    expect(tiersForListing({ kind: "course", category: "blending-terroir" })).toEqual(["business", "platinum"]);
    expect(tiersForListing({ kind: "course", category: "no-such-course" })).toEqual([]);
    expect(tierMayBook("kickback", { kind: "event", category: "master-blender-dinner" })).toBe(false);
    expect(tierMayBook("business", { kind: "event", category: "master-blender-dinner" })).toBe(true);
    expect(tierMayBook("business", { kind: "course", category: "sommelier-pairing" })).toBe(false);
    expect(tierMayBook("platinum", { kind: "course", category: "sommelier-pairing" })).toBe(true);
    // A course's slug is no event kind, and the other way round.
    expect(tierMayBook("platinum", { kind: "event", category: "foundations" })).toBe(false);
  });

  it("opens an event only to the tiers that open its lounge; a term keeps its course rule wherever it is taught", () => {
    expect(tiersForListing({ kind: "event", category: "tasting-night", lounge: "platinum" })).toEqual(["platinum"]);
    expect(tiersForListing({ kind: "event", category: "tasting-night", lounge: "business" })).toEqual(["business", "platinum"]);
    expect(tiersForListing({ kind: "event", category: "master-blender-dinner", lounge: "kickback" })).toEqual(["business", "platinum"]);
    expect(tiersForListing({ kind: "course", category: "foundations", lounge: "business" })).toEqual(["kickback", "business", "platinum"]);
    expect(tierMayBook("kickback", { kind: "event", category: "tasting-night", lounge: "platinum" })).toBe(false);
    // Refused for the lounge only when the kind is the tier's; otherwise for the kind.
    expect(eventLoungeClosedTo("kickback", { kind: "event", category: "tasting-night", lounge: "platinum" })).toBe(true);
    expect(eventLoungeClosedTo("kickback", { kind: "event", category: "special-event", lounge: "platinum" })).toBe(false);
    expect(eventLoungeClosedTo("kickback", { kind: "course", category: "foundations", lounge: "business" })).toBe(false);
  });

  it("lets Kickback and Business bring one guest to an event, Platinum three", () => {
    expect([eventGuestLimit("kickback"), eventGuestLimit("business"), eventGuestLimit("platinum")]).toEqual([1, 1, 3]);
  });

  it("keeps the reserved places for tiers with reserved seating", () => {
    const dinner = { capacity: 10, reservedPlaces: 4 };
    expect(placesLeftFor("business", dinner, { taken: 0, takenUnreserved: 0 })).toBe(6);
    expect(placesLeftFor("platinum", dinner, { taken: 0, takenUnreserved: 0 })).toBe(10);
    expect(placesLeftFor("business", dinner, { taken: 6, takenUnreserved: 6 })).toBe(0);
    expect(placesLeftFor("platinum", dinner, { taken: 6, takenUnreserved: 6 })).toBe(4);
    // A reserved booking with guests beyond the reserved places takes places of the others too.
    expect(placesLeftFor("business", dinner, { taken: 5, takenUnreserved: 0 })).toBe(5);
    expect(placesLeftFor("business", dinner, { taken: 9, takenUnreserved: 4 })).toBe(1);
    expect(placesLeftFor("business", dinner, { taken: 11, takenUnreserved: 6 })).toBe(0);
  });
});
