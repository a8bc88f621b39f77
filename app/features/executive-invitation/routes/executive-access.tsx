import { useSyncExternalStore } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/executive-access";
import { requestContext } from "#app/context.ts";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { FormAlert } from "#app/ui/form/form-outcome.tsx";
import { useConfirmationOnce } from "#app/ui/form/use-confirmation-once.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import type { ActionResult } from "#app/lib/form-result.ts";
import { formFields } from "#app/lib/form-result.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { useAuth } from "#app/features/sign-in/auth.tsx";
import { formatPhoneInput } from "#app/features/sms-invitation/phone-input.ts";
import { club } from "#app/features/site/site-config.ts";
import { useCaptcha } from "../captcha.ts";
import { EXECUTIVE_ACCESS_PATH } from "../executive-access-path.ts";
import { InvitationForm } from "../invitation-form.tsx";
import {
  invitationEnvelopeSchema,
  REQUEST_TRANSMITTED,
  TOO_MANY_SUBMISSIONS,
  type InvitationField,
  type InvitationRequest,
} from "../invitation-request.ts";
import { readVerifiedOptIn, sendInvitationRequest, type InvitationProof } from "../executive-access.server.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Executive Access",
    description: `Ask the concierge of ${club.name} for an executive invitation: who you are and who introduced you, read by a person and answered in confidence.`,
  });

// The page may show a visitor's verified mobile: no cache may keep it.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const SENT: ActionResult = { ok: true, toast: { title: REQUEST_TRANSMITTED.title, description: REQUEST_TRANSMITTED.description } };
const SENT_QUIETLY: ActionResult = { ok: true, toast: { title: REQUEST_TRANSMITTED.title, description: REQUEST_TRANSMITTED.quietly } };

const invitationFieldNames: readonly InvitationField[] = ["name", "email", "company", "invitedBy", "message"];

/**
 * The invitation form as a page (docs/product-rules.md#executive-invitation): what every opener
 * links to, for a visitor without JavaScript (with it, the openers open the dialog). A visitor
 * whose mobile the SMS block verified gets the shorter request.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const url = new URL(request.url);
  const verified = await readVerifiedOptIn(request, context);
  return {
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
    // Checked by the server when the request is sent; here only carried along.
    guestReference: url.searchParams.get("guest")?.slice(0, 200) || undefined,
    verifiedPhone: verified ? formatPhoneInput(verified.phoneNumber) : null,
    confirmation: url.searchParams.get("sent") === "1" ? SENT : url.searchParams.get("sent") === "quietly" ? SENT_QUIETLY : null,
  };
}

type ExecutiveAccessAnswer = ActionResult & { values?: Partial<InvitationRequest> };

/**
 * The page's form, with or without JavaScript, through the JSON API's own service
 * (sendInvitationRequest): a verified mobile is the proof of a person; else the captcha pass the
 * page's script adds; else (no JavaScript) none, under the honeypot and the stricter daily limit
 * (docs/security.md#captcha). A sent request answers with a 303 back here (post/redirect/get).
 */
export async function action({ request, context }: Route.ActionArgs) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new Response("Send this form as application/x-www-form-urlencoded or multipart/form-data.", {
      status: 415,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // A field the form did not hold is an empty one: a verified visitor's shorter form posted after
  // their verification lapsed is asked for the company and connection with the form's own words.
  const fields = { ...Object.fromEntries(invitationFieldNames.map((name) => [name, ""])), ...formFields(formData) };
  const envelope = invitationEnvelopeSchema.safeParse(fields);
  const verified = await readVerifiedOptIn(request, context);
  const proof: InvitationProof = verified
    ? { kind: "sms", optInId: verified.optInId, phoneNumber: verified.phoneNumber }
    : envelope.data?.captchaPass
      ? { kind: "captcha", captchaPass: envelope.data.captchaPass }
      : { kind: "none" };
  const outcome = await sendInvitationRequest(context.get(requestContext), {
    fields,
    website: envelope.data?.website,
    guestReference: envelope.data?.guestReference,
    proof,
  });
  if (outcome.ok) throw redirect(`${EXECUTIVE_ACCESS_PATH}?sent=${outcome.acknowledged ? "1" : "quietly"}`, { status: 303 });

  // The typed values go back to the form, so a visitor without JavaScript keeps what they wrote.
  const values = Object.fromEntries(invitationFieldNames.map((name) => [name, (fields[name] ?? "").slice(0, 2000)]));
  switch (outcome.reason) {
    case "limited":
      return data<ExecutiveAccessAnswer>(
        { ok: false, error: TOO_MANY_SUBMISSIONS.description, values },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "captcha":
      return data<ExecutiveAccessAnswer>({ ok: false, error: "Security validation failed", values }, { status: 403 });
    case "invalid":
      return data<ExecutiveAccessAnswer>(
        { ok: false, error: "Please correct the highlighted fields.", fieldErrors: outcome.fieldErrors, values },
        { status: 400 },
      );
  }
}

const subscribeNever = () => () => {};

export default function ExecutiveAccess({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = useAuth();
  const shorter = loaderData.verifiedPhone !== null;
  // Without JavaScript the form goes without a captcha; with it, the captcha script loads here.
  const scripted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const captcha = useCaptcha(loaderData.recaptchaSiteKey, !shorter);
  useConfirmationOnce(loaderData.confirmation);
  const refusal = actionData && !actionData.ok ? actionData : undefined;

  return (
    <>
      <PageHero eyebrow="Executive Access" title="Confidential Communication Channel">
        <p>Tell the concierge who you are and who introduced you. Every request is read by a person, and answered in confidence.</p>
      </PageHero>
      <section aria-label="Request an executive invitation" className="bg-night">
        <div className="mx-auto max-w-3xl px-5 py-14 sm:py-20">
          {user ? (
            <div className="rounded-sm border border-brass-deep p-6">
              <p className="text-lg text-cream">You are already a member, {user.name}: there is no invitation to request.</p>
              <Link to="/members" className={`${buttonClasses("primary")} mt-6`}>
                Members Area
              </Link>
            </div>
          ) : loaderData.confirmation?.ok ? (
            <p role="status" className="rounded-sm border border-brass-deep p-6 text-cream">
              <strong>{loaderData.confirmation.toast.title}.</strong> {loaderData.confirmation.toast.description}
            </p>
          ) : (
            <>
              {shorter ? (
                <p className="rounded-sm border border-brass p-4 text-cream">
                  Your mobile {loaderData.verifiedPhone} is verified, and goes with your request: the concierge needs only your name and
                  email.
                </p>
              ) : null}
              {/* In the server's HTML too: shown only once scripts ran, it pushed the form down (layout shift). */}
              {captcha.usesLocalStandIn && !shorter ? (
                <p className="mt-4 rounded-sm border border-dashed border-warning/70 px-3 py-2 text-sm text-warning">
                  Local development: a stand-in replaces Google reCAPTCHA. It is refused in production.
                </p>
              ) : null}
              <FormAlert outcome={refusal} />
              <InvitationForm
                siteKey={loaderData.recaptchaSiteKey}
                // Before the script runs the button must work: the form then posts without a captcha.
                captchaSettled={!scripted || captcha.settled}
                onCaptchaMissing={captcha.reload}
                guestReference={loaderData.guestReference}
                target={{ kind: "page", shorter, values: refusal?.values, errors: refusal?.fieldErrors }}
              />
            </>
          )}
        </div>
      </section>
    </>
  );
}
