import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Field } from "#app/ui/form/field.tsx";
import { smsInputClasses, smsSubmitClasses } from "./sms-form-styles.ts";
import { requestSmsCode, showSmsNotice } from "./sms-api.ts";
import { SMS_FORM_ACTION, smsNotices } from "./sms-messages.ts";
import { editPhoneInput, PHONE_DIGIT_COUNT, phoneDigits } from "./phone-input.ts";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * Step one (docs/product-rules.md#sms-invitation): a US number, formatted as it is typed; 'Send Code' is unavailable until
 * it has exactly 10 digits and while the request is on its way. A number the site never accepts is
 * said under the field. Without a script the form posts to the /sms-invitation page.
 */
export function PhoneStep({
  phone,
  onPhoneChange,
  onSent,
  focusOnMount,
  initialError,
}: {
  phone: string;
  onPhoneChange: (phone: string) => void;
  onSent: () => void;
  focusOnMount: boolean;
  initialError?: string | undefined;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState(initialError);
  const { pending: sending, track } = usePendingSubmission({ navigation: false });
  const complete = phoneDigits(phone).length === PHONE_DIGIT_COUNT;
  const hydrated = useHydrated();

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  function change(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const direction = (event.nativeEvent as InputEvent).inputType === "deleteContentForward" ? "forward" : "backward";
    const edit = editPhoneInput(phone, input.value, input.selectionStart ?? input.value.length, direction);
    // Writing the formatted value here keeps the caret beside the digit just typed or deleted;
    // React then finds the field already up to date and leaves the caret alone.
    input.value = edit.value;
    if (document.activeElement === input) input.setSelectionRange(edit.caret, edit.caret);
    onPhoneChange(edit.value);
    setError(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const phoneNumber = phoneDigits(phone);
    if (phoneNumber.length !== PHONE_DIGIT_COUNT) {
      showSmsNotice(smsNotices.invalidPhone);
      return;
    }
    const result = await track(() => requestSmsCode(phoneNumber));
    if (result.sent) onSent();
    else if (result.phoneError) {
      setError(result.phoneError);
      inputRef.current?.focus();
    }
  }

  return (
    <form method="post" action={SMS_FORM_ACTION} noValidate onSubmit={submit} className="grid gap-5">
      <input type="hidden" name="intent" value="send" />
      <Field id="sms-phone" label="Mobile Number" hint="US numbers only: 10 digits, area code first." error={error} announceError>
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={phone}
            onChange={change}
            className={smsInputClasses}
          />
        )}
      </Field>
      <div>
        <button type="submit" aria-disabled={hydrated && (!complete || sending)} className={smsSubmitClasses}>
          {sending ? "Sending..." : "Send Code"}
        </button>
      </div>
    </form>
  );
}
