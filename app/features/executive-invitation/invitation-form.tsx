import { useState, type FormEvent } from "react";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { Field } from "#app/ui/form/field.tsx";
import { fieldErrors } from "#app/lib/form-result.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { submitInvitation } from "./submit-invitation.ts";
import { invitationRequestSchema, type InvitationField, type InvitationRequest } from "./invitation-request.ts";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";

const fields: ReadonlyArray<{ name: InvitationField; label: string; type?: string; autoComplete?: string; multiline?: boolean }> = [
  { name: "name", label: "Identity", autoComplete: "name" },
  { name: "email", label: "Encrypted Channel", type: "email", autoComplete: "email" },
  { name: "company", label: "Affiliation", autoComplete: "organization" },
  { name: "invitedBy", label: "Your Connection" },
  { name: "message", label: "Encrypted Message", multiline: true },
];

const empty: InvitationRequest = { name: "", email: "", company: "", invitedBy: "", message: "" };

type FieldErrors = Partial<Record<InvitationField, string>>;

function validate(values: InvitationRequest): FieldErrors {
  const result = invitationRequestSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

/**
 * The executive invitation form (docs/product-rules.md#executive-invitation): validation on submit, then again on every change,
 * messages inline under each field and announced; 'Transmit Message' is disabled while submitting
 * and until the captcha script has loaded (or failed to: then the submit says why).
 */
export function InvitationForm({
  siteKey,
  captchaSettled,
  onCaptchaMissing,
  onSent,
}: {
  siteKey: string;
  /** The captcha script has loaded, or failed to (then the submit explains, and it reloads). */
  captchaSettled: boolean;
  onCaptchaMissing: () => void;
  onSent: () => void;
}) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [validateOnChange, setValidateOnChange] = useState(false);
  const { pending: submitting, track } = usePendingSubmission({ navigation: false });

  function change(name: InvitationField, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (validateOnChange) setErrors(validate(next));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setValidateOnChange(true);
    const found = validate(values);
    setErrors(found);
    const firstInvalid = fields.find((field) => found[field.name]);
    if (firstInvalid) {
      document.getElementById(`invitation-${firstInvalid.name}`)?.focus();
      return;
    }
    if (new FormData(event.currentTarget).get("website")) return;
    const outcome = await track(() => submitInvitation(siteKey, values));
    if (!outcome.sent && outcome.captchaMissing) onCaptchaMissing();
    if (outcome.sent) {
      setValues(empty);
      setErrors({});
      setValidateOnChange(false);
      onSent();
      showToast({
        title: "Message Transmitted",
        description: "Your communication has reached the appropriate channels. Expect contact soon.",
      });
    } else if (outcome.fieldErrors) {
      setErrors(outcome.fieldErrors);
    }
  }

  const inputClasses = "mt-2 w-full rounded-sm border bg-night px-3 py-2.5 text-cream placeholder:text-smoke focus:border-brass";
  return (
    <form noValidate onSubmit={submit} className="mt-6 grid gap-5">
      {fields.map((field) => {
        const error = errors[field.name];
        return (
          <Field
            key={field.name}
            id={`invitation-${field.name}`}
            label={field.label}
            error={error}
            announceError
            className={field.multiline ? "" : "sm:max-w-xl"}
          >
            {(control) => {
              const shared = {
                ...control,
                name: field.name,
                value: values[field.name],
                autoComplete: field.autoComplete,
                className: `${inputClasses} ${error ? "border-ember" : "border-brass-deep"}`,
              };
              return field.multiline ? (
                <textarea {...shared} rows={5} onChange={(event) => change(field.name, event.target.value)} />
              ) : (
                <input {...shared} type={field.type ?? "text"} onChange={(event) => change(field.name, event.target.value)} />
              );
            }}
          </Field>
        );
      })}
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div hidden>
        <label>
          Website
          <input name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <div>
        <button
          type="submit"
          disabled={submitting || !captchaSettled}
          className={`${buttonClasses("primary")} disabled:cursor-not-allowed disabled:opacity-60`}
        >
          {submitting ? "Submitting..." : "Transmit Message"}
        </button>
      </div>
    </form>
  );
}
