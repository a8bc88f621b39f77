import { data, type RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { memberContext, requestContext } from "#app/context.ts";
import { formFields, type ActionResult } from "#app/lib/form-result.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { recordSponsorLink, searchSponsorCandidates, type SponsorCandidate } from "#worker/features/admissions/sponsors.ts";
import { SPONSOR_INTENTS, sponsorConsoleForm } from "./sponsor-forms.ts";
import { sponsorFormKey } from "./sponsor-words.ts";

/**
 * The console card's sponsor forms (docs/product-rules.md#the-applicants-journey), for the
 * requests page's action: it hands the request here first, and carries on with its own forms when
 * this answers null (another intent). Searching answers the matching members, which the card lists
 * to choose from; linking asks the chosen member to vouch.
 */
export type SponsorOutcome = ActionResult & { sponsorCandidates?: SponsorCandidate[] };

const linkRefusals = {
  "not-found": "This request no longer exists.",
  "already-decided": "This request has already been decided, so its sponsor can no longer change.",
  "no-such-member": "That member is not an active member, so they cannot vouch. Search again.",
  "already-linked": "That member is already this request's sponsor.",
} as const;

export async function sponsorConsoleAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<DataWithResponseInit<SponsorOutcome> | null> {
  // A look at the intent without using up the body, which the page's own forms still read.
  const peek = await request
    .clone()
    .formData()
    .catch(() => null);
  // Read as readSubmission reads it (formFields: the last value of a repeated name).
  if (!peek || !SPONSOR_INTENTS.has(formFields(peek).intent ?? "")) return null;

  const form = await readSubmission(request, sponsorConsoleForm, { form: (fields) => sponsorFormKey(fields.requestId ?? "") });
  if (!form.ok) return form.invalid;
  const target = sponsorFormKey(form.data.requestId);
  const requestId = form.data.requestId;

  if (form.data.intent === "sponsor-search") {
    const candidates = await searchSponsorCandidates(context.get(requestContext).env.DB, form.data.query);
    if (candidates.length === 0) {
      return data<SponsorOutcome>(
        { form: target, ok: false, fieldErrors: { query: "No active member matches that name or email." } },
        { status: 404 },
      );
    }
    return data<SponsorOutcome>({
      form: target,
      ok: true,
      toast: { title: "Members Found", description: "Choose the sponsor from the list on the request." },
      sponsorCandidates: candidates,
    });
  }

  const outcome = await recordSponsorLink(context.get(requestContext), context.get(memberContext).id, {
    requestId,
    sponsorId: form.data.sponsorId,
  });
  if (!outcome.ok) {
    return data<SponsorOutcome>(
      { form: target, ok: false, error: linkRefusals[outcome.reason] },
      { status: outcome.reason === "not-found" ? 404 : 409 },
    );
  }
  const description =
    outcome.delivery === "sent"
      ? `${outcome.sponsorName} has been asked by email to vouch in the members area.`
      : `${outcome.sponsorName} is linked; the email asking them to vouch could not be sent yet. It stays in the outbox and will be retried.`;
  return data<SponsorOutcome>({ form: target, ok: true, toast: { title: "Sponsor Linked", description } });
}

// The member's side, /members/sponsorships.
export { answerSponsorship, listSponsorshipRequests } from "#worker/features/admissions/sponsors.ts";
