import { data, type RouterContextProvider } from "react-router";
import { memberContext, requestContext } from "#app/context.ts";
import { formFields, type ActionResult } from "#app/lib/form-result.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { loungeAddress, loungeBySlug, lounges as clubLounges } from "#app/features/site/site-config.ts";
import { formatPortlandDateTime } from "#app/features/member-area/member-dates.ts";
import { sitDownChoices, inviteApplicantToSitDown, type SitDownInviteOutcome } from "#worker/features/admissions/sit-downs.ts";
import { sitDownInviteForm } from "./sit-down-forms.ts";
import { sitDownInviteFormKey } from "./sit-down-words.ts";
import { formatSitDownDay, formatSitDownTime } from "./sit-down-times.ts";
import type { SitDownPanelView } from "./sit-down-panel.tsx";

/**
 * The Worker's sit-down services for the pages (decision 006), and the two pieces other pages
 * mount: the status page's panel data and the console card's 'Invite to a Sit-Down' answer
 * (docs/product-rules.md#sit-downs).
 */
export {
  bookApplicantSitDown,
  cancelSitDown,
  listSitDownSlots,
  publishSitDownSlot,
  removeSitDownSlot,
  SIT_DOWN_HORIZON_DAYS,
} from "#worker/features/admissions/sit-downs.ts";
export { sitDownCalendarFor } from "#worker/features/admissions/sit-down-calendar.ts";
export { calendarFileResponse } from "#worker/shared/ics.ts";

/** The status page's sit-down, in words (Portland time), or null when the page shows none. */
export async function loadSitDownPanel(db: D1Database, requestId: string, now: number = Date.now()): Promise<SitDownPanelView | null> {
  const choices = await sitDownChoices(db, requestId, now);
  if (!choices) return null;
  const lounges: SitDownPanelView["lounges"] = [];
  for (const slot of choices.open) {
    let lounge = lounges.find((entry) => entry.slug === slot.lounge);
    if (!lounge) {
      const { slug, name, neighbourhood } = loungeBySlug(slot.lounge);
      lounge = { slug, name, neighbourhood, days: [] };
      lounges.push(lounge);
    }
    const label = formatSitDownDay(slot.startsAt);
    let day = lounge.days.find((entry) => entry.label === label);
    if (!day) {
      day = { label, slots: [] };
      lounge.days.push(day);
    }
    day.slots.push({ id: slot.id, time: formatSitDownTime(slot.startsAt), minutes: slot.minutes });
  }
  // The lounges in site-config's order; within each, days and times stay soonest first.
  const order = (slug: string) => clubLounges.findIndex((lounge) => lounge.slug === slug);
  lounges.sort((a, b) => order(a.slug) - order(b.slug));
  const { booked } = choices;
  return {
    booked: booked ? { when: formatPortlandDateTime(booked.startsAt), place: loungeAddress(booked.lounge), minutes: booked.minutes } : null,
    lounges,
  };
}

const inviteRefusals: Record<Extract<SitDownInviteOutcome, { ok: false }>["reason"], string> = {
  "already-invited": "This applicant has already been invited to a sit-down, perhaps in another tab.",
  "already-decided": "This request has already been decided, perhaps in another tab. The list now shows the decision.",
  "not-found": "This request no longer exists.",
};

/**
 * The console card's 'Invite to a Sit-Down' (intent=invite-sit-down), answered by the requests
 * page's action before its own forms: the invitation is stored, audited and its email sent at
 * once. Null when the submission is not this piece's.
 */
export async function sitDownConsoleAction(request: Request, context: Readonly<RouterContextProvider>) {
  // A look at the intent without using up the body, which the page's own forms still read.
  const peek = await request
    .clone()
    .formData()
    .catch(() => null);
  // Read as readSubmission reads it (formFields: the last value of a repeated name).
  if (!peek || formFields(peek).intent !== "invite-sit-down") return null;

  const form = await readSubmission(request, sitDownInviteForm, { form: (fields) => sitDownInviteFormKey(fields.requestId ?? "") });
  if (!form.ok) return form.invalid;
  const { requestId } = form.data;
  const target = sitDownInviteFormKey(requestId);
  const outcome = await inviteApplicantToSitDown(context.get(requestContext), context.get(memberContext).id, requestId);
  if (!outcome.ok) {
    return data<ActionResult>(
      { form: target, ok: false, error: inviteRefusals[outcome.reason] },
      { status: outcome.reason === "not-found" ? 404 : 409 },
    );
  }
  const description =
    outcome.delivery === "sent"
      ? `The link to choose a time was emailed to ${outcome.email}.`
      : `The email to ${outcome.email} could not be sent yet; it stays in the outbox and will be retried.`;
  return data<ActionResult>({ form: target, ok: true, toast: { title: "Sit-Down Invitation Sent", description } });
}
