import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { club, healthWarning, loungeBySlug } from "#app/features/site/site-config.ts";
import { lockerClasses, type LockerClass, type LoungeSlug } from "#app/features/site/tier-entitlements.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";

/**
 * The emails of a member's locker (docs/product-rules.md#lockers), each stored in the outbox in the
 * same batch as the step it tells of. Subjects hold no user text; every piece of user text in a
 * body is escaped. No link carries a credential: the member signs in to reach /members/locker.
 *
 * Some facts are only known inside the statement that decides (which locker an offer takes, a
 * member's place in line): those are slots, written `slot("name")` in the text and filled by
 * SQL expressions (`fillSlots`, worker/shared/email-sql.ts), so the email is queued by the same
 * batch that decides.
 */
export interface LockerEmail {
  subject: string;
  body: string;
}

const longDate = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, dateStyle: "long" });
const formatDate = (iso: string) => longDate.format(new Date(iso));

function closing(siteUrl: string): string[] {
  const page = new URL("/members/locker", siteUrl).href;
  return [
    `<p>Your locker page: <a href="${escapeMarkup(page)}">${escapeMarkup(page)}</a> (sign in first).</p>`,
    `<p>With warm regards,<br>The Concierge, ${escapeMarkup(club.name)}</p>`,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ];
}

function opening(title: string, name: string): string[] {
  return [`<h1>${escapeMarkup(title)}</h1>`, `<p>${name},</p>`];
}

/** What the text of a locker names: its number and lounge may be slots. */
export interface LockerFacts {
  number: string;
  loungeName: string;
  lockerClass: LockerClass;
}

/** The lounge's name, as the emails and the page print it. */
export function loungeName(lounge: LoungeSlug): string {
  return loungeBySlug(lounge).name;
}

/**
 * A locker is offered. `name` is already escaped (or a slot); `locker.number` and
 * `locker.loungeName` likewise.
 */
export function lockerOfferEmail({
  name,
  locker,
  expiresAt,
  siteUrl,
}: {
  name: string;
  locker: LockerFacts;
  expiresAt: string;
  siteUrl: string;
}) {
  const facts = lockerClasses[locker.lockerClass];
  return {
    subject: `A locker is waiting for you at ${club.name}`,
    body: [
      ...opening("Your locker is ready", name),
      `<p>${escapeMarkup(facts.name)} ${locker.number} at the ${locker.loungeName} (it holds ${facts.cigars} cigars) is yours if you would like it.</p>`,
      `<p>Please accept it on your locker page by ${escapeMarkup(formatDate(expiresAt))}; after that date it goes to the next member in line.</p>`,
      ...closing(siteUrl),
    ].join(""),
  } satisfies LockerEmail;
}

/** No locker of the class is free: the member waits in line. `position` is a slot or a number. */
export function lockerWaitlistedEmail({
  name,
  lockerClass,
  position,
  siteUrl,
}: {
  name: string;
  lockerClass: LockerClass;
  position: string;
  siteUrl: string;
}) {
  const facts = lockerClasses[lockerClass];
  return {
    subject: `Your place in line for a locker at ${club.name}`,
    body: [
      ...opening("You are in line for a locker", name),
      `<p>Every ${escapeMarkup(facts.name.toLowerCase())} is taken just now. You are number ${position} in line, and the next one that frees is offered to the first in line by email.</p>`,
      ...closing(siteUrl),
    ].join(""),
  } satisfies LockerEmail;
}

/** The member's dues lapsed: the locker stays theirs for the grace period. */
export function lockerGraceEmail({
  name,
  locker,
  graceEndsAt,
  siteUrl,
}: {
  name: string;
  locker: LockerFacts;
  graceEndsAt: string;
  siteUrl: string;
}) {
  const billing = new URL("/members/billing", siteUrl).href;
  return {
    subject: `Your locker at ${club.name}: your dues have lapsed`,
    body: [
      ...opening("Your locker is kept for you", name),
      `<p>Your dues have lapsed. Locker ${locker.number} at the ${locker.loungeName} stays yours until ${escapeMarkup(formatDate(graceEndsAt))}; paying your dues before then keeps it as it is (<a href="${escapeMarkup(billing)}">${escapeMarkup(billing)}</a>).</p>`,
      `<p>After that date the locker closes and the concierge holds its contents for you for ${HOLDING_DAYS} days.</p>`,
      ...closing(siteUrl),
    ].join(""),
  } satisfies LockerEmail;
}

/** How long the contents are held after the grace period (docs/product-rules.md#lockers). */
export const HOLDING_DAYS = 60;

/** The grace ended: the contents are held until `holdUntil`. */
export function lockerHoldingEmail({
  name,
  locker,
  holdUntil,
  siteUrl,
}: {
  name: string;
  locker: LockerFacts;
  holdUntil: string;
  siteUrl: string;
}) {
  return {
    subject: `Your locker at ${club.name}: contents held for you`,
    body: [
      ...opening("Your cigars are in safe keeping", name),
      `<p>Locker ${locker.number} at the ${locker.loungeName} is closed while your dues are unpaid. The concierge holds its contents for you until ${escapeMarkup(formatDate(holdUntil))}: collect them at the lounge, or pay your dues before then and the locker is yours again.</p>`,
      `<p>After that date the locker goes to the next member in line.</p>`,
      ...closing(siteUrl),
    ].join(""),
  } satisfies LockerEmail;
}

/** A downgrade releases a locker of a class the new tier does not include; its contents are held this long. */
export const DOWNGRADE_HOLDING_DAYS = 14;

/** A downgrade took effect: the bigger locker closes, its contents held until `holdUntil`. */
export function lockerDowngradeHoldingEmail({
  name,
  locker,
  tierName,
  holdUntil,
  siteUrl,
}: {
  name: string;
  locker: LockerFacts;
  tierName: string;
  holdUntil: string;
  siteUrl: string;
}) {
  return {
    subject: `Your locker at ${club.name}: released with your change of tier`,
    body: [
      ...opening("Your cigars are in safe keeping", name),
      `<p>Your ${escapeMarkup(tierName)} membership does not include locker ${locker.number} at the ${locker.loungeName}, so it closed when your change of tier took effect. The concierge holds its contents for you until ${escapeMarkup(formatDate(holdUntil))}: collect them at the lounge, or move them to the locker your tier includes.</p>`,
      `<p>After that date the locker goes to the next member in line. If you return to a tier that includes it before then, it is yours again.</p>`,
      ...closing(siteUrl),
    ].join(""),
  } satisfies LockerEmail;
}

/** The holding period ended: the locker is released. */
export function lockerReleasedEmail({
  name,
  locker,
  siteUrl,
  afterDowngrade = false,
}: {
  name: string;
  locker: LockerFacts;
  siteUrl: string;
  /** Held after a downgrade (DOWNGRADE_HOLDING_DAYS), not after a lapse (HOLDING_DAYS). */
  afterDowngrade?: boolean;
}) {
  const days = afterDowngrade ? DOWNGRADE_HOLDING_DAYS : HOLDING_DAYS;
  const next = afterDowngrade
    ? "Your membership's own locker class is offered to you, or a place in its line."
    : "Should you renew your membership, you may join the line for a locker again.";
  return {
    subject: `Your locker at ${club.name} has been released`,
    body: [
      ...opening("Your locker has been released", name),
      `<p>The ${days} days we held the contents of locker ${locker.number} at the ${locker.loungeName} have ended, and the locker has gone to the next member in line. ${next}</p>`,
      ...closing(siteUrl),
    ].join(""),
  } satisfies LockerEmail;
}

/** The dues are paid again during the grace or holding period: the locker is theirs again. */
export function lockerRestoredEmail({ name, locker, siteUrl }: { name: string; locker: LockerFacts; siteUrl: string }) {
  return {
    subject: `Your locker at ${club.name} is yours again`,
    body: [
      ...opening("Your locker is yours again", name),
      `<p>Thank you for renewing. Locker ${locker.number} at the ${locker.loungeName} is yours again, as you left it.</p>`,
      ...closing(siteUrl),
    ].join(""),
  } satisfies LockerEmail;
}
