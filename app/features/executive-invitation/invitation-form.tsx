import { useState, type FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { Field } from "#app/ui/form/field.tsx";
import { fieldErrors } from "#app/lib/form-result.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { obtainCaptchaPass, submitInvitation, transmissionFailed } from "./submit-invitation.ts";
import {
  REQUEST_TRANSMITTED,
  invitationFieldHints,
  invitationRequestSchema,
  verifiedInvitationRequestSchema,
  type InvitationField,
  type InvitationRequest,
} from "./invitation-request.ts";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { EXECUTIVE_ACCESS_PATH } from "./executive-access-path.ts";

interface FieldSpec {
  name: InvitationField;
  label: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
}

/** The spec's labels, each with its plain hint (invitationFieldHints). */
const fields: ReadonlyArray<FieldSpec> = [
  { name: "name", label: "Identity", autoComplete: "name" },
  { name: "email", label: "Encrypted Channel", type: "email", autoComplete: "email" },
  { name: "company", label: "Affiliation", autoComplete: "organization" },
  { name: "invitedBy", label: "Your Connection" },
  { name: "message", label: "Encrypted Message", multiline: true },
];

/** The shorter request of a verified mobile: no company, no connection, the message optional. */
const shorterFields = new Set<InvitationField>(["name", "email", "message"]);

const empty: InvitationRequest = { name: "", email: "", company: "", invitedBy: "", message: "" };

type FieldErrors = Partial<Record<InvitationField, string>>;

function validate(values: InvitationRequest, shorter: boolean): FieldErrors {
  const result = (shorter ? verifiedInvitationRequestSchema : invitationRequestSchema).safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

/**
 * Where the form sends: the dialog posts JSON to the API and closes (`onSent`); the
 * /executive-access page posts to its own action, natively without JavaScript, and with it after
 * the captcha steps (a visitor with a verified mobile needs none: `shorter`).
 */
export type InvitationFormTarget =
  | { kind: "dialog"; onSent: () => void }
  | {
      kind: "page";
      shorter: boolean;
      /** What the page's action answered: the values sent back and its field messages. */
      values?: Partial<InvitationRequest>;
      errors?: FieldErrors;
    };

/**
 * The executive invitation form (docs/product-rules.md#executive-invitation): the spec's labels with
 * a plain hint under each, validation on submit, then again on every change, messages inline under
 * each field and announced; 'Transmit Message' is disabled while submitting and until the captcha
 * script has loaded (or failed to: then the submit says why). Its actions stay in view: the bar
 * holding 'Transmit Message' sticks to the bottom of the dialog's scroll box.
 */
export function InvitationForm({
  siteKey,
  captchaSettled,
  onCaptchaMissing,
  guestReference,
  target,
}: {
  siteKey: string;
  /** The captcha script has loaded, or failed to (then the submit explains, and it reloads). */
  captchaSettled: boolean;
  onCaptchaMissing: () => void;
  /** The signed guest reference the page was opened with (?guest=), sent with the request. */
  guestReference: string | undefined;
  target: InvitationFormTarget;
}) {
  const shorter = target.kind === "page" && target.shorter;
  const [values, setValues] = useState<InvitationRequest>(() => ({ ...empty, ...(target.kind === "page" ? target.values : {}) }));
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [validateOnChange, setValidateOnChange] = useState(false);
  const { pending: submitting, track } = usePendingSubmission({ navigation: target.kind === "page" });
  const submitToPage = useSubmit();
  // The action's messages show until the visitor's own typing is checked again; each new answer
  // from the action shows its own.
  const serverErrors = target.kind === "page" ? target.errors : undefined;
  const [answered, setAnswered] = useState(serverErrors);
  if (serverErrors !== answered) {
    setAnswered(serverErrors);
    setClientErrors(null);
  }
  const errors = clientErrors ?? serverErrors ?? {};
  const shown = shorter ? fields.filter((field) => shorterFields.has(field.name)) : fields;

  function change(name: InvitationField, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (validateOnChange) setClientErrors(validate(next, shorter));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    setValidateOnChange(true);
    const found = validate(values, shorter);
    setClientErrors(found);
    const firstInvalid = shown.find((field) => found[field.name]);
    if (firstInvalid) {
      event.preventDefault();
      document.getElementById(`invitation-${firstInvalid.name}`)?.focus();
      return;
    }
    // A verified mobile needs no captcha: the page's form goes to its action as it is.
    if (shorter) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get("website")) return;
    if (target.kind === "page") {
      await track(async () => {
        try {
          const captcha = await obtainCaptchaPass(siteKey);
          if (captcha.pass === null) {
            if (captcha.captchaMissing) onCaptchaMissing();
            return;
          }
          form.set("captchaPass", captcha.pass);
          await submitToPage(form, { method: "post", action: EXECUTIVE_ACCESS_PATH, preventScrollReset: true });
        } catch (error) {
          transmissionFailed(error);
        }
      });
      return;
    }
    const outcome = await track(() => submitInvitation(siteKey, values, guestReference));
    if (!outcome.sent && outcome.captchaMissing) onCaptchaMissing();
    if (outcome.sent) {
      setValues(empty);
      setClientErrors({});
      setValidateOnChange(false);
      target.onSent();
      showToast({
        title: REQUEST_TRANSMITTED.title,
        description: outcome.acknowledged ? REQUEST_TRANSMITTED.description : REQUEST_TRANSMITTED.quietly,
      });
    } else if (outcome.fieldErrors) {
      setClientErrors(outcome.fieldErrors);
    }
  }

  const inputClasses = "mt-2 w-full rounded-sm border bg-night px-3 py-2.5 text-cream placeholder:text-smoke focus:border-brass";
  return (
    <Form method="post" action={EXECUTIVE_ACCESS_PATH} noValidate onSubmit={submit} className="mt-6 grid gap-5">
      {shown.map((field) => {
        const error = errors[field.name];
        const optional = shorter && field.name === "message";
        return (
          <Field
            key={field.name}
            id={`invitation-${field.name}`}
            label={optional ? `${field.label} (optional)` : field.label}
            hint={invitationFieldHints[field.name]}
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
      {guestReference ? <input type="hidden" name="guestReference" value={guestReference} /> : null}
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div hidden>
        <label>
          Website
          <input name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {/* In the dialog the action bar stays at the bottom of its scroll box, so the button is always in reach. */}
      <div
        className={
          target.kind === "dialog" ? "sticky bottom-0 -mx-6 border-t border-cedar bg-humidor px-6 py-4 sm:-mx-10 sm:px-10" : undefined
        }
      >
        <button
          type="submit"
          disabled={submitting || (!shorter && !captchaSettled)}
          className={`${buttonClasses("primary")} disabled:cursor-not-allowed disabled:opacity-60`}
        >
          {submitting ? "Submitting..." : "Transmit Message"}
        </button>
      </div>
    </Form>
  );
}
