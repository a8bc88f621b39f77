import type { ReactNode } from "react";
import { Form } from "react-router";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { useFormIntent } from "#app/ui/form/use-form-intent.ts";

const nouns = { event: "event", course: "term" } as const;

/**
 * An event's or a course term's form on its staff page (docs/product-rules.md#calendar, Staff):
 * the kind's fields, then 'Create' (a new one) or 'Save Changes', and a refusal of the whole form.
 * A new one's form carries its page's key (`formKey`, null when editing) and keeps it until the
 * listing is created (docs/product-rules.md#a-form-is-one-intent); its success is the new
 * listing's page, so the form is never shown again with that key.
 */
export function ListingForm({
  kind,
  formKey: issuedKey,
  outcome,
  children,
}: {
  kind: "event" | "course";
  formKey: string | null;
  outcome: ActionResult | undefined;
  children: ReactNode;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "save" } });
  const isNew = issuedKey !== null;
  const { formRef, formKey } = useFormIntent(issuedKey ?? "", outcome);
  return (
    <Form ref={isNew ? formRef : undefined} method="post" noValidate className="mt-8 grid max-w-3xl gap-4 sm:grid-cols-2">
      {isNew ? <input type="hidden" name="formKey" value={formKey} /> : null}
      {children}
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="save" pending={pending}>
          {pending ? "Saving…" : isNew ? (kind === "event" ? "Create Event" : "Create Term") : "Save Changes"}
        </SubmitButton>
        <FormAlert outcome={outcome} />
      </div>
    </Form>
  );
}

/** The listing's title and description, as members read them. */
export function ListingTextFields({
  kind,
  values,
  errors,
}: {
  kind: "event" | "course";
  values: { title?: string; description?: string };
  errors: Record<string, string>;
}) {
  const noun = nouns[kind];
  return (
    <>
      <Field id={`${noun}-title`} label="Title" error={errors.title} className="sm:col-span-2">
        {(control) => <input {...control} name="title" defaultValue={values.title} required maxLength={120} className={inputClasses} />}
      </Field>
      <Field id={`${noun}-description`} label="Description" error={errors.description} className="sm:col-span-2">
        {(control) => (
          <textarea
            {...control}
            name="description"
            defaultValue={values.description}
            required
            rows={4}
            maxLength={2000}
            className={inputClasses}
          />
        )}
      </Field>
    </>
  );
}
