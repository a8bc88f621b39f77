import { useEffect, useRef, type ChangeEvent, type FormEvent } from "react";
import { Field } from "#app/ui/form/field.tsx";
import { smsInputClasses, smsSubmitClasses } from "./sms-form-styles.ts";
import { requestSmsCode } from "./sms-api.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { editPhoneInput, PHONE_DIGIT_COUNT, phoneDigits } from "./phone-input.ts";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";

/**
 * Step one (docs/product-rules.md#sms-invitation): a US number, formatted as it is typed; 'Send Code' is unavailable until
 * it has exactly 10 digits and while the request is on its way.
 */
export function PhoneStep({
  phone,
  onPhoneChange,
  onSent,
  focusOnMount,
}: {
  phone: string;
  onPhoneChange: (phone: string) => void;
  onSent: () => void;
  focusOnMount: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { pending: sending, track } = usePendingSubmission({ navigation: false });
  const complete = phoneDigits(phone).length === PHONE_DIGIT_COUNT;

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
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const phoneNumber = phoneDigits(phone);
    if (phoneNumber.length !== PHONE_DIGIT_COUNT) {
      showToast({ title: "Invalid Phone Number", description: "Please enter a valid 10-digit phone number.", variant: "destructive" });
      return;
    }
    const sent = await track(() => requestSmsCode(phoneNumber));
    if (sent) onSent();
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <Field id="sms-phone" label="Mobile Number" hint="US numbers only: 10 digits, area code first.">
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
        <button type="submit" aria-disabled={!complete || sending} className={smsSubmitClasses}>
          {sending ? "Sending..." : "Send Code"}
        </button>
      </div>
    </form>
  );
}
