import { data, Link } from "react-router";
import type { Route } from "./+types/member";
import { conciergeMeta, formatConsoleTime } from "../console-format.ts";
import { memberActionForm, memberPageQuery } from "../member-forms.ts";
import { queryFields } from "../concierge-forms.ts";
import { duesStatusNames, memberStatusNames, staffRoleNames } from "../member-labels.ts";
import { MemberActions } from "../member-actions.tsx";
import { MemberRecordSections } from "../member-record.tsx";
import { memberActionAnswer, photoAnswer } from "../member-answers.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatPortlandDate, formatPortlandDateTime, formatPortlandDay, portlandDay } from "#app/features/member-area/member-dates.ts";
import { loungeBySlug, membershipTiers, tierBySlug } from "#app/features/site/site-config.ts";
import { lockerClasses } from "#app/features/site/tier-entitlements.ts";
import { meetingRooms } from "#app/features/calendar/meeting-room-facts.ts";
import { loungeMethodNames } from "#app/features/dues/payment-methods.ts";
import { useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { memberContext, requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { newFormKey } from "#app/lib/form-intent.ts";
import { oncePerForm, sentBefore } from "#app/lib/form-intents.server.ts";
import {
  addMemberNote,
  changeMemberStatus,
  changeStaffRole,
  changeTierForMember,
  deleteMemberPhoto,
  loadMemberRecord,
  resendSetupLink,
} from "../member-console.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => conciergeMeta(loaderData ? `${loaderData.member.name} · Members` : "Members");

const methodNames = { stripe: "Card (online)", ...loungeMethodNames } as const;
const kindSigns = { charge: "Charge", payment: "Payment", refund: "Refund" } as const;
const sponsorAnswers = { yes: "vouched for them", no: "did not vouch", unknown: "did not know them" } as const;
const lockerStatusNames = { offered: "Offered", active: "Held", grace: "In grace", holding: "Contents held" } as const;

/**
 * /concierge/members/:id (docs/product-rules.md#members): one member's record (tier, role,
 * status, dues ledger, locker, guests, bookings, check-ins, sponsor, notes and photo) and what the
 * concierge may do about them. A destructive action asks first (?confirm=…), without JavaScript too.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const record = await loadMemberRecord(env.DB, params.id, portlandDay(new Date()));
  if (!record) throw data(null, { status: 404 });
  const { member } = record;
  const query = memberPageQuery.parse(queryFields(new URL(request.url)));
  const concierge = context.get(memberContext);
  return {
    formKey: newFormKey(),
    self: member.id === concierge.id,
    confirm: query.confirm ?? null,
    confirmRole: query.role ?? null,
    photoOutcome: photoAnswer(query.photo),
    member: {
      id: member.id,
      name: member.name,
      email: member.email,
      tier: member.tier,
      tierName: tierBySlug(member.tier).name,
      pendingTierName: member.pendingTier ? tierBySlug(member.pendingTier).name : null,
      role: member.role,
      roleName: staffRoleNames[member.role],
      status: member.status,
      statusName: memberStatusNames[member.status],
      duesName: duesStatusNames[member.duesStatus],
      paidThrough: member.paidThrough ? formatPortlandDate(member.paidThrough) : null,
      graceEndsAt: member.graceEndsAt ? formatPortlandDate(member.graceEndsAt) : null,
      hasPhoto: Boolean(member.photoKey),
      // Changes with each new photo, so the browser never shows a replaced one.
      photoVersion: member.photoKey?.split("/").pop() ?? null,
      since: formatPortlandDate(member.createdAt),
      emailConfirmed: Boolean(member.emailConfirmedAt),
      connection: member.invitedBy,
      sponsor: record.sponsorName
        ? `${record.sponsorName}${record.sponsorAnswer ? ` (${sponsorAnswers[record.sponsorAnswer]})` : " (not yet answered)"}`
        : null,
      admittedBy: record.admittedByName,
    },
    tiers: membershipTiers.map((tier) => ({ slug: tier.slug, name: tier.name })),
    ledger: record.ledger.map((entry) => ({
      id: entry.id,
      when: formatPortlandDate(entry.occurredAt),
      kind: kindSigns[entry.kind],
      amount: `${entry.kind === "payment" ? "" : entry.kind === "refund" ? "−" : ""}${formatCents(entry.amountCents)}`,
      description: entry.description,
      method: methodNames[entry.method],
    })),
    locker: record.locker
      ? `${lockerClasses[record.locker.lockerClass].name} ${record.locker.number}, ${loungeBySlug(record.locker.lounge).name} (${lockerStatusNames[record.locker.status as keyof typeof lockerStatusNames]})`
      : null,
    lockerOffer: record.lockerOffer
      ? `${lockerClasses[record.lockerOffer.lockerClass].name} ${record.lockerOffer.number}, ${loungeBySlug(record.lockerOffer.lounge).name}`
      : null,
    guests: [...record.upcomingGuests, ...record.recentGuests].map((visit) => ({
      id: visit.id,
      day: formatPortlandDay(visit.day),
      upcoming: record.upcomingGuests.includes(visit),
      name: visit.guestName,
      lounge: loungeBySlug(visit.lounge).name,
      status: visit.status === "cancelled" ? "Cancelled" : "Expected",
    })),
    bookings: [
      ...record.bookings.map((booking) => ({
        id: booking.id,
        when: formatPortlandDateTime(booking.startsAt),
        what: `${booking.title}${booking.guests > 0 ? ` (+${booking.guests} ${booking.guests === 1 ? "guest" : "guests"})` : ""}`,
        where: loungeBySlug(booking.lounge).name,
        status: booking.status === "confirmed" ? "Confirmed" : booking.status === "waitlisted" ? "Waitlisted" : "Cancelled",
      })),
      ...record.meetingRooms.map((room) => ({
        id: `${room.reservationId}-${room.status}`,
        when: formatPortlandDateTime(room.startsAt),
        what: `${meetingRooms[room.room].name}, ${room.hours} ${room.hours === 1 ? "hour" : "hours"}`,
        where: loungeBySlug("business").name,
        status: room.status === "booked" ? "Booked" : "Cancelled",
      })),
    ],
    checkIns: record.checkIns.map((checkIn) => ({
      id: checkIn.id,
      when: formatConsoleTime(checkIn.checkedInAt) ?? checkIn.checkedInAt,
      lounge: loungeBySlug(checkIn.lounge).name,
      how: `${checkIn.method === "card" ? "Member card" : "Search by name"}${checkIn.offline ? ", synced later" : ""}`,
    })),
    notes: record.notes.map((note) => ({
      id: note.id,
      note: note.note,
      author: note.authorName ?? "A former concierge",
      when: formatConsoleTime(note.createdAt) ?? note.createdAt,
    })),
  };
}

/**
 * Every action on the page, told apart by `intent`: each validated, decided in one statement or
 * batch and audited (worker/features/concierge/member-actions.ts). The photo goes to its own
 * route (member-photo.ts), the one page form allowed a body over 64 KB.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readSubmission(request, memberActionForm, { form: (fields) => fields.intent ?? "" });
  if (!form.ok) return form.invalid;
  const concierge = context.get(memberContext);
  const services = context.get(requestContext);
  const memberId = params.id;
  const submitted = form.data;
  switch (submitted.intent) {
    case "suspend":
    case "reactivate":
      return memberActionAnswer(submitted.intent, await changeMemberStatus(services, concierge.id, memberId, submitted.intent));
    case "resend-link":
      return memberActionAnswer("resend-link", await resendSetupLink(services, concierge.id, memberId));
    case "change-tier": {
      const once = await oncePerForm(
        services.env.DB,
        { key: submitted.formKey, purpose: "tier-change", target: memberId, actorId: concierge.id },
        () => changeTierForMember(services, concierge.id, memberId, submitted.tier),
        (changed) => !changed.ok,
      );
      if (once.sent === "before") return sentBefore("change-tier", "This change of tier is already made.");
      return memberActionAnswer("change-tier", once.outcome);
    }
    case "remove-photo":
      return memberActionAnswer("remove-photo", await deleteMemberPhoto(services, concierge.id, memberId));
    case "role":
      return memberActionAnswer("role", await changeStaffRole(services, concierge.id, memberId, submitted.role));
    case "note": {
      const once = await oncePerForm(
        services.env.DB,
        { key: submitted.formKey, purpose: "member-note", target: memberId, actorId: concierge.id },
        () => addMemberNote(services, concierge.id, memberId, submitted.note),
        (added) => !added,
      );
      if (once.sent === "before") return sentBefore("note", "This note is already on their record.");
      return memberActionAnswer("note", once.outcome);
    }
  }
}

export default function ConciergeMember({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData ?? loaderData.photoOutcome ?? undefined;
  useOutcomeToast(outcome);
  const { member } = loaderData;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mx-auto max-w-6xl px-5 pt-8 text-sm">
        <Link to="/concierge/members" className="text-smoke underline underline-offset-4 hover:text-cream">
          Members
        </Link>
        <span aria-hidden="true" className="px-2 text-smoke">
          /
        </span>
        <span aria-current="page" className="text-cream">
          {member.name}
        </span>
      </nav>
      <MemberRecordSections page={loaderData} actions={<MemberActions page={loaderData} outcome={outcome} />} />
    </>
  );
}
