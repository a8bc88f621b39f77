import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { upgradeDifferenceCents } from "#worker/features/dues/upgrade-proration.ts";

const at = (iso: string) => Date.parse(iso);
// Business ($897) to Platinum ($1,797) a quarter: a difference of $900.
const businessToPlatinum = { fromQuarterlyCents: 89_700, toQuarterlyCents: 179_700 };

describe("upgradeDifferenceCents: days left ÷ days in the quarter × the difference, half up to the cent", () => {
  it("owes the whole difference on the quarter's first day", () => {
    // 2027-01-01 to 2027-04-01: 90 days, all left.
    expect(
      upgradeDifferenceCents({ ...businessToPlatinum, paidThrough: at("2027-04-01T00:00:00Z"), now: at("2027-01-01T00:00:00Z") }),
    ).toBe(90_000);
  });

  it("owes 45 of 90 days' difference halfway through", () => {
    expect(
      upgradeDifferenceCents({ ...businessToPlatinum, paidThrough: at("2027-04-01T00:00:00Z"), now: at("2027-02-15T00:00:00Z") }),
    ).toBe(45_000);
  });

  it("counts a day begun as a day left, and rounds half up", () => {
    // 1 day of 90 left (the last day begun): 90,000 / 90 = 1,000 cents exactly.
    expect(
      upgradeDifferenceCents({ ...businessToPlatinum, paidThrough: at("2027-04-01T00:00:00Z"), now: at("2027-03-31T20:00:00Z") }),
    ).toBe(1_000);
    // Kickback ($447) to Business ($897): $450; 1 of 91 days: 45,000 / 91 = 494.505… → 495.
    expect(
      upgradeDifferenceCents({
        fromQuarterlyCents: 44_700,
        toQuarterlyCents: 89_700,
        paidThrough: at("2027-07-01T00:00:00Z"),
        now: at("2027-06-30T12:00:00Z"),
      }),
    ).toBe(495);
  });

  it("owes each further quarter paid ahead in full", () => {
    // Paid through 2027-07-01: 2027-01-01..04-01 (half left) and 04-01..07-01 (in full).
    expect(
      upgradeDifferenceCents({ ...businessToPlatinum, paidThrough: at("2027-07-01T00:00:00Z"), now: at("2027-02-15T00:00:00Z") }),
    ).toBe(135_000);
  });

  it("owes nothing for a downgrade, with no paid period, or once the period has ended", () => {
    const now = at("2027-02-15T00:00:00Z");
    expect(
      upgradeDifferenceCents({ fromQuarterlyCents: 179_700, toQuarterlyCents: 89_700, paidThrough: at("2027-04-01T00:00:00Z"), now }),
    ).toBe(0);
    expect(upgradeDifferenceCents({ ...businessToPlatinum, paidThrough: null, now })).toBe(0);
    expect(upgradeDifferenceCents({ ...businessToPlatinum, paidThrough: at("2027-02-15T00:00:00Z"), now })).toBe(0);
  });

  it("never owes more than the whole difference for the quarter, nor less than nothing, and owes less as the quarter runs", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 0, max: 95 * 24 }),
        fc.integer({ min: 1, max: 24 * 30 }),
        (from, extra, hoursIn, laterHours) => {
          const paidThrough = at("2027-04-01T00:00:00Z");
          const start = at("2027-01-01T00:00:00Z");
          const now = start + hoursIn * 3_600_000;
          const owed = upgradeDifferenceCents({ fromQuarterlyCents: from, toQuarterlyCents: from + extra, paidThrough, now });
          const later = upgradeDifferenceCents({
            fromQuarterlyCents: from,
            toQuarterlyCents: from + extra,
            paidThrough,
            now: now + laterHours * 3_600_000,
          });
          expect(owed).toBeGreaterThanOrEqual(0);
          expect(owed).toBeLessThanOrEqual(extra);
          expect(later).toBeLessThanOrEqual(owed);
          expect(Number.isInteger(owed)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
