import { useEffect, useRef, useState, type FormEvent } from "react";
import { Field } from "#app/ui/form/field.tsx";
import { smsInputClasses, smsSubmitClasses } from "./sms-form-styles.ts";
import { checkSmsCode, showSmsNotice } from "./sms-api.ts";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { SMS_FORM_ACTION, smsNotices } from "./sms-messages.ts";
import { phoneDigits } from "./phone-input.ts";
import { club } from "#app/features/site/site-config.ts";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * Step two (docs/product-rules.md#sms-invitation): the code from the SMS. 'Verify Code' is unavailable while the code is
 * empty and while it is being checked; 'Resend' goes back to the number (the block keeps it), and
 * leaving this step discards the code. Without a script both forms post to the /sms-invitation
 * page, carrying the number in a hidden field (the page's body, never its address).
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
  const hydrated = useHydrated();

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    if (trimmedCode === "") {
      showSmsNotice(smsNotices.codeRequired);
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
      <form method="post" action={SMS_FORM_ACTION} noValidate onSubmit={submit} className="mt-5 grid gap-5">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="phoneNumber" value={phoneDigits(phone)} />
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
          <button type="submit" aria-disabled={hydrated && (trimmedCode === "" || checking)} className={smsSubmitClasses}>
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
      <form
        method="post"
        action={SMS_FORM_ACTION}
        onSubmit={(event) => {
          event.preventDefault();
          onResend();
        }}
      >
        <input type="hidden" name="intent" value="change" />
        <input type="hidden" name="phoneNumber" value={phoneDigits(phone)} />
        <p className="mt-4 flex flex-wrap items-center gap-x-3 text-sm text-smoke">
          Wrong number, or no code?
          <button type="submit" className={buttonClasses("quiet")}>
            Resend
          </button>
        </p>
      </form>
    </div>
  );
}
