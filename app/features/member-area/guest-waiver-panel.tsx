import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { club } from "#app/features/site/site-config.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";

export interface GuestWaiverView {
  /** "Saturday, November 21": today in Portland. */
  dayLabel: string;
  guestName: string | null;
  usedThisMonth: number;
  monthlyLimit: number | null;
}

/**
 * Guest privileges (docs/product-rules.md#member-area): the daily plus-one whose stick fee is waived. Shows whether
 * today's waiver is used and, while it is not, the form to use it for a named guest.
 */
export function GuestWaiverPanel({ waiver, outcome }: { waiver: GuestWaiverView; outcome: ActionResult | undefined }) {
  const fieldError = outcome && !outcome.ok ? outcome.fieldErrors?.guestName : undefined;
  const input = useRef<HTMLInputElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "use-guest-waiver" } });
  const monthUsedUp = waiver.monthlyLimit !== null && waiver.usedThisMonth >= waiver.monthlyLimit;

  // A field error takes focus to the field; success replaces the form, so focus goes to what replaced it.
  useEffect(() => {
    if (fieldError) input.current?.focus();
    else if (outcome?.ok) card.current?.focus();
  }, [fieldError, outcome]);

  return (
    <div className="grid gap-8 md:grid-cols-[1fr_1fr]">
      <div className="text-smoke">
        <p>
          One guest a day, your plus-one, smokes without the stick fee
          {waiver.monthlyLimit === null ? "" : `, on ${waiver.monthlyLimit} days a month with your membership`}. Guests are{" "}
          {club.minimumAge} or older and show photo ID at the door.
        </p>
        <p className="mt-4">
          Today in Portland is <strong className="text-cream">{waiver.dayLabel}</strong>.
          {waiver.monthlyLimit === null ? null : (
            <>
              {" "}
              Waived days used this month:{" "}
              <strong className="text-cream">
                {waiver.usedThisMonth} of {waiver.monthlyLimit}
              </strong>
              .
            </>
          )}
        </p>
      </div>

      <div ref={card} tabIndex={-1} className="rounded-sm border border-cedar bg-night p-6">
        {waiver.guestName ? (
          <p className="text-cream">
            Today's waiver is used for <strong className="text-brass">{waiver.guestName}</strong>. Your next waived guest can come tomorrow.
          </p>
        ) : monthUsedUp ? (
          <p className="text-cream">You have used every waived guest day this month. The waiver returns on the first of the month.</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="use-guest-waiver" />
            <Field id="guest-name" label="Guest's full name" hint="As it appears on their photo ID." error={fieldError}>
              {(control) => (
                <input {...control} ref={input} name="guestName" type="text" autoComplete="off" maxLength={100} className={inputClasses} />
              )}
            </Field>
            <div className="mt-3">
              <SubmitButton pending={pending}>Use today's waiver</SubmitButton>
            </div>
          </Form>
        )}
        <FormAlert outcome={outcome} />
      </div>
    </div>
  );
}
