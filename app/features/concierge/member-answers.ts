import { data } from "react-router";
import type { ActionResult } from "#app/lib/form-result.ts";
import type { MemberAction, PhotoOutcomeName } from "./member-forms.ts";

/**
 * What the member page says about each action's outcome (docs/product-rules.md#members): a toast
 * for a success, the reason beside the form for a refusal, with the HTTP status to match.
 */
type Answer = { status: number; result: ActionResult };
/** The forms of the page: the actions, and the photo upload, which posts to its own route. */
type MemberPageForm = MemberAction | "photo";
const done = (form: MemberPageForm, title: string, description: string): Answer => ({
  status: 200,
  result: { form, ok: true, toast: { title, description } },
});
const refused = (form: MemberPageForm, status: number, error: string, field?: string): Answer => ({
  status,
  result: field ? { form, ok: false, fieldErrors: { [field]: error } } : { form, ok: false, error },
});

const notFound = (form: MemberPageForm) => refused(form, 404, "This member no longer exists.");

function answerFor(form: MemberAction, outcome: unknown): Answer {
  switch (form) {
    case "suspend":
    case "reactivate":
      if (outcome === "changed")
        return form === "suspend"
          ? done(form, "Member Suspended", "They are signed out everywhere and cannot sign in until reactivated.")
          : done(form, "Member Reactivated", "They sign in again with a passkey, Google or an emailed code.");
      if (outcome === "not-found") return notFound(form);
      if (outcome === "concierge")
        return refused(form, 409, "A concierge is not suspended from the console: another concierge takes away their role first.");
      return refused(form, 409, form === "suspend" ? "They are already suspended." : "They are not suspended.");
    case "resend-link":
      if (outcome === "sent") return done(form, "Link Sent", "A new sign-in link is on its way; any earlier link no longer works.");
      if (outcome === "suspended") return refused(form, 409, "They are suspended: reactivate them first.");
      if (outcome === "has-passkey")
        return refused(form, 409, "They have a passkey: they sign in with it, or with a code emailed to them at /auth.");
      return notFound(form);
    case "change-tier": {
      const tier = outcome as { ok: true; change: string } | { ok: false; reason: string };
      if (tier.ok) {
        const descriptions: Record<string, string> = {
          upgraded: "The new tier applies at once; a card on file is charged the difference for the rest of the quarter.",
          "upgrade-awaiting-payment":
            "The higher tier's place is held; it applies once the prorated difference is recorded on the payments page.",
          "downgrade-scheduled": "The lower tier applies at the end of the paid period.",
          "downgrade-cancelled": "The downgrade waiting for the end of the period is cancelled.",
        };
        return done(form, "Tier Changed", descriptions[tier.change] ?? "The tier is changed.");
      }
      const reasons: Record<string, [number, string]> = {
        "not-found": [404, "This member no longer exists."],
        "same-tier": [409, "They are already in this tier."],
        lapsed: [409, "Their dues have lapsed: the tier changes once they pay again."],
        "past-due": [409, "Their dues are past due: settle the renewal before changing tier."],
        full: [409, "That tier has no free place (or its waitlist comes first)."],
        "provider-failed": [502, "The payment provider did not take the change; nothing changed. Try again."],
        "no-provider": [503, "Payments are not configured here, so their subscription cannot change."],
      };
      const [status, error] = reasons[tier.reason] ?? [409, "The tier did not change."];
      return refused(form, status, error, "tier");
    }
    case "remove-photo":
      return outcome === "removed" ? done(form, "Photo Removed", "Their card shows no photo.") : refused(form, 409, "They have no photo.");
    case "role":
      if (outcome === "changed") return done(form, "Role Changed", "Their sessions ended: the new role applies when they sign in again.");
      if (outcome === "own-concierge-role")
        return refused(form, 403, "You cannot take away your own concierge role: another concierge must do it.");
      if (outcome === "tier-full") return refused(form, 409, "Their tier has no free place for another member: change their tier first.");
      if (outcome === "not-found") return notFound(form);
      return refused(form, 409, "Their role is already this one, or changed a moment ago.");
    case "note":
      return outcome === true ? done(form, "Note Added", "The note is on their record.") : notFound(form);
  }
}

/** The formats the club shows, as the photo form and its refusals name them. */
export const PHOTO_FORMATS = "a JPEG, PNG or WebP";

const photoRefusals: Record<Exclude<PhotoOutcomeName, "added">, string> = {
  missing: "Choose a photo to upload.",
  "too-large": "The photo is larger than 2 MB. Choose a smaller one.",
  heic: `This photo is HEIC, the iPhone's own format, which the club cannot show. Choose ${PHOTO_FORMATS} (on the iPhone, Settings, Camera, Formats, Most Compatible takes JPEGs).`,
  format: `The photo must be ${PHOTO_FORMATS} image.`,
  "not-found": "This member no longer exists.",
};

/** The photo upload's outcome, named by ?photo= of its redirect back to the member page (null for none). */
export function photoAnswer(outcome: PhotoOutcomeName | undefined): ActionResult | null {
  if (!outcome) return null;
  if (outcome === "added") return done("photo", "Photo Added", "It shows on their member card and at the door.").result;
  return refused("photo", 400, photoRefusals[outcome], "photo").result;
}

export function memberActionAnswer(form: MemberAction, outcome: unknown) {
  const answer = answerFor(form, outcome);
  return data<ActionResult>(answer.result, { status: answer.status });
}
