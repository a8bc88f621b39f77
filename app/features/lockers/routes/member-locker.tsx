import { data, Form, useSearchParams } from "react-router";
import type { Route } from "./+types/member-locker";
import { memberLockerForm } from "../locker-forms.ts";
import { lockerRequestKinds } from "../locker-request-kinds.ts";
import { memberLockerView } from "../locker-view.ts";
import {
  acceptLockerOffer,
  declineLockerOffer,
  loadMemberLocker,
  offerLocker,
  sendLockerRequest,
  setNameplate,
  type OfferAnswer,
} from "../member-locker.server.ts";
import { formatPortlandDate } from "#app/features/member-area/member-dates.ts";
import { memberWithAcceptedRules, requireMemberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { club } from "#app/features/site/site-config.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Your Locker",
    description: `Your locker at ${club.name}: its term, its nameplate and your requests to the concierge.`,
  }),
  { name: "robots", content: "noindex" },
];

/**
 * The member's locker (docs/product-rules.md#lockers): the locker they hold and its term, an offer
 * to accept or decline, their place in line, the nameplate of a cedar-lined locker and their
 * requests to staff. Null while the rules step shows.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = memberWithAcceptedRules(context);
  if (!signedIn) return null;
  const { env } = context.get(requestContext);
  const record = await loadMemberLocker(env.DB, signedIn.id);
  if (!record) return null;
  const view = memberLockerView(record);
  return {
    ...view,
    requests: view.requests.map((request) => ({
      id: request.id,
      kind: lockerRequestKinds[request.kind],
      note: request.note,
      status: request.status === "open" ? "Open" : "Done",
      dateLabel: formatPortlandDate(request.createdAt),
    })),
  };
}

const offerRefusals: Record<Extract<OfferAnswer, { ok: false }>["reason"], string> = {
  "no-offer": "There is no locker offer waiting for you just now.",
  expired: "This offer has ended. You may join the waitlist again.",
  "not-eligible": "Your membership is not in good standing just now. Once your dues are paid, the concierge will gladly help.",
  downsize: "Your membership now includes this locker in place of the one you hold, so it cannot be declined.",
};

/** Accept, decline, join the waitlist, the nameplate and requests, for the signed-in member only. */
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = requireMemberWithAcceptedRules(request, context);
  const services = context.get(requestContext);
  const { env } = services;
  const form = await readSubmission(request, memberLockerForm, { form: (fields) => fields.intent ?? "" });
  if (!form.ok) return form.invalid;

  switch (form.data.intent) {
    case "accept":
    case "decline": {
      const answer =
        form.data.intent === "accept" ? await acceptLockerOffer(services, signedIn.id) : await declineLockerOffer(services, signedIn.id);
      if (!answer.ok) return data<ActionResult>({ form: "offer", ok: false, error: offerRefusals[answer.reason] }, { status: 409 });
      return data<ActionResult>({
        form: "offer",
        ok: true,
        toast:
          form.data.intent === "accept"
            ? { title: "Locker Accepted", description: "The locker is yours. The concierge will have it ready for your next visit." }
            : {
                title: "Offer Declined",
                description: answer.passedOn
                  ? "The locker goes to the next member in line."
                  : "You may join the waitlist again whenever you wish.",
              },
      });
    }
    case "join-waitlist": {
      const outcome = await offerLocker(services, signedIn.id);
      if (outcome.outcome === "not-eligible")
        return data<ActionResult>({ form: "waitlist", ok: false, error: offerRefusals["not-eligible"] }, { status: 409 });
      if (outcome.outcome === "unchanged")
        return data<ActionResult>(
          { form: "waitlist", ok: false, error: "You already hold, are offered or wait for a locker." },
          { status: 409 },
        );
      return data<ActionResult>({
        form: "waitlist",
        ok: true,
        toast:
          outcome.outcome === "offered"
            ? { title: "Locker Offered", description: "A locker is free: accept it below." }
            : { title: "On the Waitlist", description: "We will email you when a locker is yours." },
      });
    }
    case "nameplate": {
      const outcome = await setNameplate(env.DB, signedIn.id, form.data.nameplate);
      if (!outcome.ok)
        return data<ActionResult>(
          { form: "nameplate", ok: false, error: "Only a cedar-lined locker carries a nameplate." },
          { status: 409 },
        );
      return data<ActionResult>({
        form: "nameplate",
        ok: true,
        toast: { title: "Nameplate Saved", description: "The concierge will engrave it." },
      });
    }
    case "request": {
      const outcome = await sendLockerRequest(env.DB, signedIn.id, { kind: form.data.kind, note: form.data.note });
      if (!outcome.ok)
        return data<ActionResult>(
          {
            form: "request",
            ok: false,
            error:
              outcome.reason === "too-many"
                ? "You have 5 open requests. The concierge will get to them shortly; you may send another once one is done."
                : "You hold no locker to send a request about.",
          },
          { status: 409 },
        );
      return data<ActionResult>({
        form: "request",
        ok: true,
        toast: { title: "Request Sent", description: "The concierge has your request." },
      });
    }
  }
}

export default function MemberLocker({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const accept = usePendingSubmission({ sentWith: { field: "intent", value: "accept" } });
  const decline = usePendingSubmission({ sentWith: { field: "intent", value: "decline" } });
  const join = usePendingSubmission({ sentWith: { field: "intent", value: "join-waitlist" } });
  const nameplate = usePendingSubmission({ sentWith: { field: "intent", value: "nameplate" } });
  const sendRequest = usePendingSubmission({ sentWith: { field: "intent", value: "request" } });
  // "?decline": the step that asks the member to confirm a decline (a link, so it needs no JavaScript).
  const [searchParams] = useSearchParams();
  if (!loaderData) return null;
  const confirmingDecline = searchParams.has("decline");
  const { held, offer, waiting, mayJoin, requests } = loaderData;
  const outcomeFor = (form: string) => (actionData?.form === form ? actionData : undefined);
  const fieldError = (form: string, field: string) => {
    const outcome = outcomeFor(form);
    return outcome && !outcome.ok ? outcome.fieldErrors?.[field] : undefined;
  };

  return (
    <>
      <PageHero eyebrow="Members" title="Your Locker">
        <p>Your locker, its term and a word to the concierge.</p>
      </PageHero>
      <Section id="locker" eyebrow="Your locker" title={held ? `Locker ${held.number}` : offer ? "A locker awaits you" : "No locker yet"}>
        {held ? (
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
            <dt className="text-sm font-semibold text-smoke">Locker</dt>
            <dd className="text-cream">
              {held.className} {held.number}
            </dd>
            <dt className="text-sm font-semibold text-smoke">Lounge</dt>
            <dd className="text-cream">{held.loungeName}</dd>
            <dt className="text-sm font-semibold text-smoke">Size</dt>
            <dd className="text-cream">{held.capacity}</dd>
            <dt className="text-sm font-semibold text-smoke">Term</dt>
            <dd className="text-cream">{held.term}</dd>
            <dt className="text-sm font-semibold text-smoke">Status</dt>
            <dd className="text-cream">{held.statusText}</dd>
          </dl>
        ) : null}
        {offer ? (
          <div className="mt-6 rounded-sm border border-brass-deep p-5">
            <h3 className="text-xl text-cream">A locker is offered to you</h3>
            <p className="mt-2 text-cream">
              {offer.className} {offer.number} at the {offer.loungeName} ({offer.capacity.toLowerCase()}).
              {offer.endsLabel ? ` The offer holds until ${offer.endsLabel}.` : ""}
            </p>
            {offer.replaces ? <p className="mt-2 text-smoke">Accepting it releases locker {offer.replaces}.</p> : null}
            {offer.downsize ? (
              <p className="mt-2 text-smoke">
                Your membership now includes this class of locker in place of the one you hold. Until you accept it, the offer is made again
                each time it ends.
              </p>
            ) : null}
            {confirmingDecline && !offer.downsize ? (
              <>
                <p className="mt-4 text-cream">Decline locker {offer.number}? You leave the line for this class; you can rejoin later.</p>
                <Form method="post" className="mt-4 flex flex-wrap gap-3">
                  <SubmitButton name="intent" value="decline" pending={decline.pending}>
                    Decline Locker
                  </SubmitButton>
                  <ButtonLink to="/members/locker" variant="secondary">
                    Keep the Offer
                  </ButtonLink>
                </Form>
              </>
            ) : (
              <Form method="post" className="mt-4 flex flex-wrap gap-3">
                <SubmitButton name="intent" value="accept" pending={accept.pending}>
                  Accept Locker
                </SubmitButton>
                {offer.downsize ? null : (
                  <ButtonLink to="/members/locker?decline" variant="secondary">
                    Decline
                  </ButtonLink>
                )}
              </Form>
            )}
            <FormAlert outcome={outcomeFor("offer")} />
          </div>
        ) : null}
        {waiting ? <p className="mt-6 text-cream">{waiting.text}</p> : null}
        {mayJoin ? (
          <div className="mt-6">
            <p className="text-cream">{mayJoin.text}</p>
            <Form method="post" className="mt-4">
              <SubmitButton name="intent" value="join-waitlist" pending={join.pending}>
                Join the Waitlist
              </SubmitButton>
            </Form>
            <FormAlert outcome={outcomeFor("waitlist")} />
          </div>
        ) : null}
      </Section>
      {held?.hasNameplate ? (
        <Section id="nameplate" eyebrow="Your locker" title="Nameplate" tone="humidor">
          <p className="text-smoke">{held.nameplate ? `Your nameplate reads “${held.nameplate}”.` : "Your locker's nameplate is blank."}</p>
          <Form method="post" className="mt-6 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
            <Field
              id="nameplate-text"
              label="Nameplate text"
              hint="Up to 40 letters, digits, spaces and & . ' -"
              error={fieldError("nameplate", "nameplate")}
            >
              {(control) => (
                <input
                  {...control}
                  name="nameplate"
                  type="text"
                  maxLength={40}
                  defaultValue={held.nameplate ?? ""}
                  className={inputClasses}
                />
              )}
            </Field>
            <div className="sm:mt-8">
              <SubmitButton name="intent" value="nameplate" pending={nameplate.pending}>
                Save Nameplate
              </SubmitButton>
            </div>
          </Form>
          <FormAlert outcome={outcomeFor("nameplate")} />
        </Section>
      ) : null}
      {held ? (
        <Section id="requests" eyebrow="The concierge" title="Requests">
          {held.status === "holding" ? (
            <p className="text-smoke">{held.closedText}</p>
          ) : (
            <Form method="post" className="grid max-w-xl gap-4">
              <Field id="request-kind" label="What you need" error={fieldError("request", "kind")}>
                {(control) => (
                  <select {...control} name="kind" defaultValue="" className={inputClasses}>
                    <option value="" disabled>
                      Choose…
                    </option>
                    {Object.entries(lockerRequestKinds).map(([kind, label]) => (
                      <option key={kind} value={kind}>
                        {label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="request-note" label="Note (optional)" hint="Up to 500 characters." error={fieldError("request", "note")}>
                {(control) => <textarea {...control} name="note" rows={3} maxLength={500} className={inputClasses} />}
              </Field>
              <div>
                <SubmitButton name="intent" value="request" pending={sendRequest.pending}>
                  Send Request
                </SubmitButton>
              </div>
            </Form>
          )}
          <FormAlert outcome={outcomeFor("request")} />
          <h3 className="mt-10 text-xl text-cream">Your recent requests</h3>
          {requests.length === 0 ? (
            <p className="mt-3 text-smoke">No requests yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-cedar rounded-sm border border-cedar">
              {requests.map((request) => (
                <li key={request.id} className="p-4">
                  <p className="text-cream">
                    <span className="font-semibold">{request.kind}</span>
                    <span className="text-smoke">
                      {" "}
                      · {request.dateLabel} · {request.status}
                    </span>
                  </p>
                  {request.note ? <p className="mt-1 break-words text-smoke">{request.note}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}
    </>
  );
}
