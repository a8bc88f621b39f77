import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/contact";
import { ContactForm, type ContactFormOutcome } from "../contact-form.tsx";
import { contactEnvelope } from "../contact-message.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { club } from "#app/features/site/site-config.ts";
import { authStateFor } from "#app/features/sign-in/auth.server.ts";
import { sendContactMessage } from "../contact.server.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact the Concierge",
    description: `Write to the ${club.name} concierge: questions from members and visitors alike, answered personally by email.`,
  });

/** The signed-in member, whose name and email fill the form; `?sent` after a message went (post, redirect, get). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const { user } = await authStateFor(request, env);
  return {
    member: user ? { name: user.name, email: user.email } : null,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
    sent: new URL(request.url).searchParams.has("sent"),
    // `?sent=quietly`: the address had its day's acknowledgements (docs/security.md#forms-and-email).
    acknowledged: new URL(request.url).searchParams.get("sent") !== "quietly",
  };
}

const TOO_MANY = "Too many submissions. Please try again later.";

/** Sends the message (worker/features/contact/contact-messages.ts); a refusal comes back with what was typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSubmission(request, contactEnvelope);
  const services = context.get(requestContext);
  const { user } = await authStateFor(request, services.env);
  const outcome = await sendContactMessage(services, form.fields, user ? { id: user.id, email: user.email } : null);
  if (outcome.status === "sent") throw redirect(outcome.acknowledged ? "/contact?sent" : "/contact?sent=quietly", 303);
  const values = { name: form.fields.name ?? "", email: form.fields.email ?? "", message: form.fields.message ?? "" };
  if (outcome.status === "invalid") {
    const { form: formError, ...fieldErrors } = outcome.fieldErrors;
    return data<ContactFormOutcome>(
      { ok: false, error: formError ?? "Please correct the highlighted fields.", fieldErrors, values },
      { status: 400 },
    );
  }
  if (outcome.status === "rate_limited") {
    return data<ContactFormOutcome>(
      { ok: false, error: TOO_MANY, values },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data<ContactFormOutcome>({ ok: false, error: "Security validation failed. Please try again.", values }, { status: 403 });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Concierge" title="Contact the Concierge">
        <p>
          A question about membership, an evening, a lost cufflink? Write to the concierge, who reads every message personally and replies
          by email. For anything urgent, call the office at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          .
        </p>
      </PageHero>
      <Section id="write" eyebrow="Write to us" title={loaderData.sent ? "Message sent" : "Your message"}>
        {loaderData.sent ? (
          <div role="status" className="max-w-2xl">
            <p className="text-lg text-cream">
              {loaderData.acknowledged
                ? "Thank you. Your message has reached the concierge, and we have emailed you to say so."
                : "Thank you. Your message has reached the concierge. We have already emailed this address several times today, so we will not email it again today; the concierge will still reply."}
            </p>
            <p className="mt-6">
              <Link to="/contact" className="text-brass underline hover:text-cream">
                Write another message
              </Link>
            </p>
          </div>
        ) : (
          <ContactForm member={loaderData.member} recaptchaSiteKey={loaderData.recaptchaSiteKey} outcome={actionData} />
        )}
      </Section>
    </>
  );
}
