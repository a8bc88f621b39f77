import { useEffect, useRef, useState, type FormEvent } from "react";
import { Field } from "#app/ui/form/field.tsx";
import { smsInputClasses, smsSubmitClasses } from "./sms-form-styles.ts";
import { checkSmsCode } from "./sms-api.ts";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { phoneDigits } from "./phone-input.ts";
import { club } from "#app/features/site/site-config.ts";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";

/**
 * Step two (docs/product-rules.md#sms-invitation): the code from the SMS. 'Verify Code' is unavailable while the code is
 * empty and while it is being checked; 'Resend' goes back to the number (the block keeps it), and
 * leaving this step discards the code.
 */
export function CodeStep({
  phone,
  onVerified,
  onResend,
  focusOnMount,
}: {
  phone: string;
  onVerified: () => void;
  onResend: () => void;
  focusOnMount: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const { pending: checking, track } = usePendingSubmission({ navigation: false });
  const trimmedCode = code.trim();

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    if (trimmedCode === "") {
      showToast({ title: "Code Required", description: "Please enter the verification code from your SMS.", variant: "destructive" });
      return;
    }
    const verified = await track(() => checkSmsCode(phoneDigits(phone), trimmedCode));
    if (verified) onVerified();
  }

  return (
    <div>
      <p id="sms-code-sent-to" className="text-smoke">
        We sent a code to <span className="whitespace-nowrap font-semibold text-cream">{phone}</span>.
      </p>
      <form noValidate onSubmit={submit} className="mt-5 grid gap-5">
        <Field id="sms-code" label="Verification Code" describedBy="sms-code-sent-to sms-code-hint">
          {(control) => (
            <input
              {...control}
              ref={inputRef}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              className={`${smsInputClasses} max-w-[12rem] tracking-[0.3em]`}
            />
          )}
        </Field>
        <div>
          <button type="submit" aria-disabled={trimmedCode === "" || checking} className={smsSubmitClasses}>
            {checking ? "Verifying..." : "Verify Code"}
          </button>
        </div>
      </form>
      <p id="sms-code-hint" className="mt-5 text-sm text-smoke">
        The code can take a minute or two. Nothing yet? Check your spam or filtered messages folder: some carriers block promotional
        messages. The office can help at{" "}
        <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
          {club.officePhone.display}
        </a>
        .
      </p>
      <p className="mt-4 flex flex-wrap items-center gap-x-3 text-sm text-smoke">
        Wrong number, or no code?
        <button type="button" onClick={onResend} className={buttonClasses("quiet")}>
          Resend
        </button>
      </p>
    </div>
  );
}
