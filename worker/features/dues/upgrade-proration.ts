/**
 * The prorated difference of an upgrade for a member who pays at the lounge
 * (docs/product-rules.md#payments-recorded-at-the-lounge). Their paid period is a run of quarters
 * ending at `paid_through`, each three calendar months long. For the quarter running now:
 *
 *   days left in the quarter ÷ days in the quarter × (new quarterly dues − old quarterly dues)
 *
 * rounded half up to the cent; each later quarter already paid for owes the whole difference.
 * A day begun counts as a day left (the member holds the higher tier on it). Days are UTC days of
 * 24 hours, counted from the quarter's bounds as stored. Nothing is owed once the period has ended
 * (the next quarter is then paid at the new tier's dues).
 */
export interface UpgradeProration {
  fromQuarterlyCents: number;
  toQuarterlyCents: number;
  /** The end of the member's paid period (ms since the epoch); null when they have none. */
  paidThrough: number | null;
  now: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Three calendar months before `end` (UTC), as SQLite's '-3 months' counts them. */
function quarterStartBefore(end: number): number {
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - 3);
  return start.getTime();
}

export function upgradeDifferenceCents({ fromQuarterlyCents, toQuarterlyCents, paidThrough, now }: UpgradeProration): number {
  const difference = toQuarterlyCents - fromQuarterlyCents;
  if (difference <= 0 || paidThrough === null) return 0;
  let owed = 0;
  for (let end = paidThrough; end > now; end = quarterStartBefore(end)) {
    const start = quarterStartBefore(end);
    if (start >= now) {
      owed += difference;
      continue;
    }
    const daysInQuarter = Math.round((end - start) / DAY_MS);
    const daysLeft = Math.min(daysInQuarter, Math.ceil((end - now) / DAY_MS));
    // Half up in integers: floor((2·d·n + D) / 2D), with no floating point on money.
    owed += Math.floor((2 * difference * daysLeft + daysInQuarter) / (2 * daysInQuarter));
  }
  return owed;
}
