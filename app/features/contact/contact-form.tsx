import { useRef, useState, type FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { fillCaptchaToken, useCaptcha } from "#app/features/executive-invitation/captcha.ts";
import { CONTACT_ACTION, type ContactMessage } from "./contact-message.ts";

export type ContactFormOutcome = ActionResult & { values?: Partial<ContactMessage> };

/**
 * The contact form (docs/product-rules.md#contact): a plain form POST to /contact, so it works
 * without a script. With one, a visitor's message carries a reCAPTCHA token, made as it is sent
 * (the script loads once the visitor reaches the form); without, the server counts it against
 * the stricter daily limit. A signed-in member writes from their member email, shown, not editable.
 */
export function ContactForm({
  member,
  recaptchaSiteKey,
  outcome,
}: {
  member: { name: string; email: string } | null;
  recaptchaSiteKey: string;
  outcome: ContactFormOutcome | undefined;
}) {
  const { pending } = usePendingSubmission();
  const submit = useSubmit();
  const [captchaWanted, setCaptchaWanted] = useState(false);
  const captcha = useCaptcha(recaptchaSiteKey, captchaWanted && !member);
  const tokenRef = useRef<HTMLInputElement>(null);
  const errors = outcome && !outcome.ok ? (outcome.fieldErrors ?? {}) : {};
  const values = outcome?.values ?? {};

  async function sendWithCaptcha(event: FormEvent<HTMLFormElement>) {
    if (member) return;
    event.preventDefault();
    const form = event.currentTarget;
    // Without a token (the script not ready) the message counts against the daily limit.
    await fillCaptchaToken(tokenRef.current, recaptchaSiteKey, CONTACT_ACTION, captcha.reload);
    await submit(form);
  }

  return (
    <Form
      method="post"
      noValidate
      className="grid max-w-2xl gap-5"
      aria-describedby="contact-form-alert"
      onFocus={() => setCaptchaWanted(true)}
      onSubmit={(event) => void sendWithCaptcha(event)}
    >
      {member ? null : <input ref={tokenRef} type="hidden" name="captchaToken" defaultValue="" />}
      <Field id="contact-name" label="Name" hint="Your full name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            type="text"
            autoComplete="name"
            maxLength={100}
            defaultValue={values.name ?? member?.name ?? ""}
            required
            className={inputClasses}
          />
        )}
      </Field>
      <Field
        id="contact-email"
        label="Email"
        hint={member ? "Your member email: the concierge replies here." : "Your email: the concierge replies here."}
        error={errors.email}
      >
        {(control) =>
          member ? (
            <input {...control} name="email" type="email" value={member.email} readOnly className={`${inputClasses} text-smoke`} />
          ) : (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={values.email ?? ""}
              required
              className={inputClasses}
            />
          )
        }
      </Field>
      <Field id="contact-message" label="Message" hint="What you would like the concierge to know" error={errors.message}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={6}
            maxLength={2000}
            defaultValue={values.message ?? ""}
            required
            className={inputClasses}
          />
        )}
      </Field>
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div hidden>
        <label>
          Website
          <input name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <div>
        <SubmitButton pending={pending}>{pending ? "Sending..." : "Send Message"}</SubmitButton>
        <FormAlert id="contact-form-alert" outcome={outcome} />
      </div>
    </Form>
  );
}
