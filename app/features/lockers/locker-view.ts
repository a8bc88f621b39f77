import type { loadMemberLocker } from "#worker/features/lockers/member-locker.ts";
import { formatPortlandDate } from "#app/features/member-area/member-dates.ts";
import { loungeBySlug } from "#app/features/site/site-config.ts";
import { isSmallerLockerClass, lockerClasses, tierEntitlements } from "#app/features/site/tier-entitlements.ts";

/**
 * What the member's locker pages print (docs/product-rules.md#lockers), from the Worker's record:
 * the locker held and its term, an offer and its end, the place in line. Pure, for the loaders of
 * /members/locker and /members.
 */
export type MemberLockerRecord = NonNullable<Awaited<ReturnType<typeof loadMemberLocker>>>;

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(position: number): string {
  const tens = position % 100;
  if (tens >= 11 && tens <= 13) return `${position}th`;
  const suffix = { 1: "st", 2: "nd", 3: "rd" }[position % 10] ?? "th";
  return `${position}${suffix}`;
}

type Assigned = NonNullable<MemberLockerRecord["held"]>;

function lockerFacts({ locker }: Assigned) {
  const facts = lockerClasses[locker.lockerClass];
  return {
    number: locker.number,
    loungeName: loungeBySlug(locker.lounge).name,
    className: facts.name,
    capacity: `Holds ${facts.cigars} cigars`,
    hasNameplate: facts.nameplate,
  };
}

export function memberLockerView(record: MemberLockerRecord) {
  const { member, held, offer, waiting } = record;
  const tierClass = tierEntitlements[member.tier].lockerClass;
  const tierClassName = lockerClasses[tierClass].name.toLowerCase();
  // A downgrade closed it (docs/product-rules.md#lockers): a bigger class than the tier's, not staff's.
  const outgrown = held !== null && held.assignment.assignedBy === null && isSmallerLockerClass(tierClass, held.locker.lockerClass);
  const heldView = held
    ? {
        ...lockerFacts(held),
        status: held.assignment.status,
        statusText:
          held.assignment.status === "grace" && held.assignment.graceEndsAt
            ? `Your dues have lapsed: the locker stays yours until ${formatPortlandDate(held.assignment.graceEndsAt)}.`
            : held.assignment.status === "holding" && held.assignment.holdUntil
              ? outgrown
                ? `Your tier no longer includes this locker, so it is closed: the concierge holds its contents until ${formatPortlandDate(held.assignment.holdUntil)}.`
                : `Closed while your dues are unpaid: the concierge holds its contents until ${formatPortlandDate(held.assignment.holdUntil)}.`
              : "Active",
        closedText: outgrown
          ? "Your locker is closed: your tier no longer includes it."
          : "Your locker is closed while your dues are unpaid: requests resume once they are paid.",
        term: member.paidThrough ? `Held through ${formatPortlandDate(member.paidThrough)}` : "Held while your membership is active",
        nameplate: held.assignment.nameplate,
      }
    : null;
  const offerView = offer
    ? {
        ...lockerFacts(offer),
        endsLabel: offer.assignment.offerExpiresAt ? formatPortlandDate(offer.assignment.offerExpiresAt) : null,
        replaces: held ? `${held.locker.number} at the ${loungeBySlug(held.locker.lounge).name}` : null,
        /** A downgrade's offer: the member's tier now includes this smaller class; no Decline. */
        downsize:
          held !== null && held.assignment.assignedBy === null && isSmallerLockerClass(offer.locker.lockerClass, held.locker.lockerClass),
      }
    : null;
  // Offers pass over a waiter who may not hold a locker now, so they are told their place is paused.
  const waitingView = waiting
    ? {
        text:
          member.status === "suspended"
            ? "Your place in line is paused while your membership is suspended."
            : member.duesStatus === "lapsed"
              ? "Your place in line is paused until your dues are paid."
              : `You are ${ordinal(Math.max(1, waiting.position))} in line for a ${lockerClasses[waiting.lockerClass].name.toLowerCase()}.`,
      }
    : null;
  const holdsTierClass = held?.locker.lockerClass === tierClass;
  return {
    held: heldView,
    offer: offerView,
    waiting: waitingView,
    /** Neither a locker of their class, nor an offer, nor a place in line: they may join it. */
    mayJoin: !offer && !waiting && !holdsTierClass ? { text: `You are not on the waitlist for a ${tierClassName}.` } : null,
    requests: record.requests,
  };
}

export type MemberLockerView = ReturnType<typeof memberLockerView>;

/** The /members card: the locker and its status in a line or two. */
export function lockerSummary(view: MemberLockerView): { title: string; detail: string } {
  if (view.offer)
    return {
      title: `${view.offer.className} ${view.offer.number} offered`,
      detail: `At the ${view.offer.loungeName}${view.offer.endsLabel ? `: accept it by ${view.offer.endsLabel}` : ""}.`,
    };
  if (view.held)
    return {
      title: `Locker ${view.held.number}`,
      detail: `${view.held.className}, ${view.held.loungeName}. ${view.held.status === "active" ? `${view.held.term}.` : view.held.statusText}`,
    };
  if (view.waiting) return { title: "On the waitlist", detail: view.waiting.text };
  return { title: "No locker yet", detail: view.mayJoin?.text ?? "" };
}
