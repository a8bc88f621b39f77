import { useMemo } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { club } from "#app/features/site/site-config.ts";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { Section } from "#app/ui/section.tsx";
import type { ActionResult } from "#app/lib/form-result.ts";
import { useFormIntent } from "#app/ui/form/use-form-intent.ts";

/**
 * The sit-down on the applicant's status page (docs/product-rules.md#sit-downs): shown while the
 * request is under consideration and the concierge has invited them. Their booking (with the
 * calendar file and Cancel), and the open times by lounge and day to book or move to. The forms
 * post to /application/sit-down, which answers with a redirect back here naming the outcome in
 * `?sitDown=` (post/redirect/get, so they work without JavaScript); only the known outcomes are
 * shown, in this page's own words.
 */
export interface SitDownPanelView {
  booked: { when: string; place: string; minutes: number } | null;
  lounges: Array<{
    slug: string;
    name: string;
    neighbourhood: string;
    days: Array<{ label: string; slots: Array<{ id: string; time: string; minutes: number }> }>;
  }>;
}

export const SIT_DOWN_PATH = "/application/sit-down";
export const SIT_DOWN_CALENDAR_PATH = "/application/sit-down.ics";

const officeLine = `Please call the office at ${club.officePhone.display}.`;

/** What a redirect back here may name, and what the applicant reads. */
export const sitDownOutcomes = {
  booked: {
    ok: true,
    toast: { title: "Sit-Down Booked", description: "We have emailed you the details. The concierge looks forward to meeting you." },
  },
  "booked-not-emailed": {
    ok: true,
    toast: {
      title: "Sit-Down Booked",
      description:
        "Your time is shown on this page. We have already emailed you several times today, so no confirmation will be emailed again today.",
    },
  },
  cancelled: { ok: true, toast: { title: "Sit-Down Cancelled", description: "The time is free again. Choose another whenever you like." } },
  taken: { ok: false, error: "Someone booked that time a moment ago. Please choose another." },
  gone: { ok: false, error: "That time is no longer available. Please choose another." },
  choose: { ok: false, error: "Choose a time first." },
  started: { ok: false, error: `Your sit-down has already begun, so it can no longer be changed here. ${officeLine}` },
  closed: { ok: false, error: `Sit-down times can no longer be chosen here. ${officeLine}` },
  "not-booked": { ok: false, error: "You have no sit-down booked." },
  "sent-before": { ok: false, error: "This time was already booked from this form. Nothing more was done." },
} as const satisfies Record<string, ActionResult>;

export type SitDownOutcome = keyof typeof sitDownOutcomes;

/** The outcome the redirect named: a new answer for each arrival, even when it names the same outcome again. */
function useSitDownOutcome(): ActionResult | undefined {
  const [search] = useSearchParams();
  const { key } = useLocation();
  const named = search.get("sitDown");
  return useMemo(
    () => (named && Object.hasOwn(sitDownOutcomes, named) ? { ...sitDownOutcomes[named as SitDownOutcome], arrival: key } : undefined),
    [named, key],
  );
}

export function SitDownPanel({ panel, formKey }: { panel: SitDownPanelView | null; formKey: string }) {
  const outcome = useSitDownOutcome();
  useOutcomeToast(outcome);
  if (!panel) return null;
  const hasOpenSlots = panel.lounges.length > 0;
  return (
    <Section id="sit-down" eyebrow="Meet the concierge" title="Your sit-down">
      <div className="grid max-w-2xl gap-6 text-smoke">
        {panel.booked ? (
          <Booked booked={panel.booked} />
        ) : (
          <p>
            Choose the lounge and the time that suit you for a conversation with the concierge, with no obligation. Please bring a valid
            government-issued photo ID.
          </p>
        )}
        <FormAlert outcome={outcome} id="sit-down-alert" />
        {hasOpenSlots ? (
          <ChooseTime panel={panel} formKey={formKey} outcome={outcome} />
        ) : (
          <p>
            {panel.booked ? "No other times are open at present." : "No times are open at present; the concierge adds new ones each week."}{" "}
            {officeLine}
          </p>
        )}
      </div>
    </Section>
  );
}

function Booked({ booked }: { booked: NonNullable<SitDownPanelView["booked"]> }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "cancel" } });
  return (
    <div className="rounded-sm border border-cedar bg-night p-5">
      <h3 className="text-xl text-cream">Booked</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="text-sm font-semibold">When</dt>
        <dd className="text-cream">
          {booked.when} (Portland time), {booked.minutes} minutes
        </dd>
        <dt className="text-sm font-semibold">Where</dt>
        <dd className="text-cream">{booked.place}</dd>
      </dl>
      <div className="mt-5 flex flex-wrap gap-3">
        {/* A file download, not a page: the browser fetches it itself. */}
        <a href={SIT_DOWN_CALENDAR_PATH} download className={buttonClasses("primary")}>
          Add to Calendar
        </a>
        <Form method="post" action={SIT_DOWN_PATH}>
          <SubmitButton name="intent" value="cancel" pending={pending} variant="secondary">
            Cancel Sit-Down
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}

function ChooseTime({
  panel,
  formKey: issuedKey,
  outcome,
}: {
  panel: SitDownPanelView;
  formKey: string;
  outcome: ActionResult | undefined;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "book" } });
  // A booking or a move is one intent: the form keeps its key until a booking is made.
  const { formRef, formKey } = useFormIntent(issuedKey, outcome);
  return (
    <Form ref={formRef} method="post" action={SIT_DOWN_PATH} className="grid gap-6">
      <input type="hidden" name="formKey" value={formKey} />
      <h3 className="text-xl text-cream">{panel.booked ? "Prefer another time?" : "Open times"}</h3>
      {panel.lounges.map((lounge) => (
        <fieldset key={lounge.slug} className="grid gap-4" aria-describedby="sit-down-alert">
          <legend className="text-lg text-cream">
            {lounge.name} <span className="text-sm text-smoke">({lounge.neighbourhood})</span>
          </legend>
          {lounge.days.map((day) => (
            <div key={day.label}>
              <p className="text-sm font-semibold uppercase tracking-[0.14em] text-brass">{day.label}</p>
              <ul className="mt-2 flex flex-wrap gap-3">
                {day.slots.map((slot) => (
                  <li key={slot.id}>
                    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-sm border border-brass-deep px-3 py-2 text-cream has-checked:border-brass">
                      {/* The whole name on the radio itself: a visually hidden span beside the time is read with a stray space before its comma. */}
                      <input
                        type="radio"
                        name="slotId"
                        value={slot.id}
                        required
                        className="accent-brass"
                        aria-label={`${slot.time}, ${day.label}, ${lounge.name}, ${slot.minutes} minutes`}
                      />
                      {slot.time}
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </fieldset>
      ))}
      <div>
        <SubmitButton name="intent" value="book" pending={pending}>
          {panel.booked ? "Move My Sit-Down" : "Book Sit-Down"}
        </SubmitButton>
      </div>
    </Form>
  );
}
