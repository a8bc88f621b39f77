import { data, Form, redirect } from "react-router";
import { z } from "#app/lib/zod.ts";
import type { Route } from "./+types/invitation";
import { ButtonLink, buttonClasses } from "#app/ui/button-link.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { club } from "#app/features/site/site-config.ts";
import { googleClient, startGoogleSignIn, startMemberSession } from "#app/features/sign-in/sign-in.server.ts";
import { AddPasskeyButton } from "#app/features/sign-in/add-passkey-button.tsx";
import {
  clearedInvitationCookie,
  confirmInvitation,
  findOpenInvitation,
  invitationCookie,
  loadSignedInMember,
  readInvitationCookie,
  tokenFromInvitationLink,
} from "#app/features/admissions/admissions.server.ts";
import { OpenLinkFromAddress, PastedLinkForm } from "../open-link-from-address.tsx";
import { readSubmission } from "#app/lib/forms.server.ts";

/** One answer for an unknown, used or expired link alike, so the page never says which. */
const INVALID_LINK = "This invitation link is no longer valid. Ask the concierge for a new one.";

/**
 * The page's three forms (docs/security.md#invitation-links, docs/product-rules.md#admissions):
 * `open` posts the link (the page's script takes it from after the `#`, or the member pastes it);
 * the token then lives in an HttpOnly cookie, which `confirm` and `google` use. No request URL
 * ever holds the token.
 */
const invitationForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), link: z.string().max(2048, "Paste the link from your invitation email.") }),
  z.object({ intent: z.literal("confirm") }),
  z.object({ intent: z.literal("google") }),
]);

export const meta: Route.MetaFunction = () => [
  { title: `Your Invitation | ${club.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

// While a link is open this page belongs to one person, and once it is used it shows a signed-in
// member's page: no cache may keep it.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * The stage: `welcome` while the cookie holds an open link; `confirmed` for a member whose session
 * began through a link (the screen after confirming, which offers a passkey); else `open`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, config } = context.get(requestContext);
  const token = readInvitationCookie(request);
  if (!token) {
    const signedIn = await loadSignedInMember(request, env);
    if (signedIn?.session.method === "invitation") return { stage: "confirmed" as const, memberName: signedIn.member.name };
    return { stage: "open" as const };
  }
  const invitation = await findOpenInvitation(env.DB, token);
  if (!invitation) return data({ stage: "invalid" as const }, { status: 404, headers: { "Set-Cookie": clearedInvitationCookie() } });
  // 'Continue with Google' only when Google sign-in is configured; the OAuth callback consumes the link.
  return { stage: "welcome" as const, memberName: invitation.memberName, google: googleClient(config) !== null };
}

/** Opens the link, then confirms the email (or starts Google) through it; confirming signs the member in. */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, config, logSecurityEvent: log } = context.get(requestContext);
  const form = await readSubmission(request, invitationForms);
  if (!form.ok) return form.invalid;
  const refuse = () => {
    log({ eventType: "authn_login_fail", severity: "medium", description: "invitation link refused (unknown, used or expired)" });
    return data<ActionResult>({ ok: false, error: INVALID_LINK }, { status: 404, headers: { "Set-Cookie": clearedInvitationCookie() } });
  };

  if (form.data.intent === "open") {
    const token = tokenFromInvitationLink(form.data.link);
    if (!token || !(await findOpenInvitation(env.DB, token))) return refuse();
    throw redirect("/invitation", { status: 303, headers: { "Set-Cookie": invitationCookie(token) } });
  }

  const token = readInvitationCookie(request);
  if (!token) return refuse();

  if (form.data.intent === "google") {
    const google = googleClient(config);
    if (!google) throw data(null, { status: 404 });
    if (!(await findOpenInvitation(env.DB, token))) return refuse();
    const start = startGoogleSignIn(google, { invitation: token });
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of start.cookies) headers.append("Set-Cookie", cookie);
    throw redirect(start.url, { headers });
  }

  // Confirming ends every session the member had at `now` (a new link is also how a member who
  // lost access gets back in), so this device's new session begins one millisecond later.
  const now = Date.now();
  const memberId = await confirmInvitation(env.DB, token, now);
  if (!memberId) return refuse();
  const session = await startMemberSession(env, request, memberId, "invitation", now + 1);
  const headers = new Headers({ "Set-Cookie": clearedInvitationCookie() });
  // Null only when the member was suspended in the moment since: they sign in again like anyone.
  if (!session) throw redirect("/auth", { headers });
  headers.append("Set-Cookie", session.setCookie);
  log({ eventType: "authn_login_success", severity: "low", description: "invitation accepted; email confirmed", userId: memberId });
  throw redirect("/invitation", { status: 303, headers });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  if (loaderData.stage === "invalid" || refusal?.error) {
    return (
      <PageHero eyebrow="Membership" title="Your invitation">
        <OpenLinkFromAddress path="/invitation" />
        <p role="alert">{INVALID_LINK}</p>
        <p className="mt-4">
          The office is at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          .
        </p>
      </PageHero>
    );
  }
  if (loaderData.stage === "open") {
    return (
      <PageHero eyebrow="Membership" title="Your invitation">
        <OpenLinkFromAddress path="/invitation" />
        <OpenInvitationForm error={refusal?.fieldErrors?.link} />
      </PageHero>
    );
  }
  if (loaderData.stage === "confirmed") return <Confirmed memberName={loaderData.memberName} />;
  return (
    <>
      <OpenLinkFromAddress path="/invitation" />
      <PageHero eyebrow="Membership" title={`Welcome, ${loaderData.memberName}`}>
        <p>
          The concierge has admitted you to {club.name}. Confirm that this is your email address to finish; you will then read and accept
          the club rules before entering the members area. This link works once.
        </p>
      </PageHero>
      <Section id="confirm-email" eyebrow="Your account" title="Confirm your email">
        <ConfirmEmailForm />
        {loaderData.google ? (
          <div className="mt-8 max-w-md border-t border-cedar pt-6">
            <p className="text-smoke">Or sign in with your Google account from now on:</p>
            {/* A full page load, not client navigation: the server starts the round trip to Google. */}
            <Form method="post" reloadDocument className="mt-4">
              <input type="hidden" name="intent" value="google" />
              <button type="submit" className={buttonClasses("secondary")}>
                Continue with Google
              </button>
            </Form>
          </div>
        ) : null}
      </Section>
    </>
  );
}

function ConfirmEmailForm() {
  const { pending } = usePendingSubmission();
  return (
    <Form method="post" className="max-w-md">
      <input type="hidden" name="intent" value="confirm" />
      <p className="text-smoke">No password to choose: you will sign in with a passkey on your device, or with a code we email you.</p>
      <button type="submit" disabled={pending} className={`mt-5 ${buttonClasses("primary")}`}>
        {pending ? "Confirming..." : "Confirm My Email"}
      </button>
    </Form>
  );
}

/**
 * After confirming, signed in: a passkey on this device (the one step that needs scripts), or
 * emailed codes from now on. The members area starts with the club rules step.
 */
function Confirmed({ memberName }: { memberName: string }) {
  return (
    <>
      <OpenLinkFromAddress path="/invitation" />
      <PageHero eyebrow="Membership" title={`Welcome, ${memberName}`}>
        <p>Your email is confirmed and you are signed in.</p>
      </PageHero>
      <Section id="next-sign-in" eyebrow="Next time" title="How you will sign in">
        <div className="grid max-w-2xl gap-8">
          <div>
            <h3 className="text-xl text-cream">A passkey on this device</h3>
            <p className="mt-2 text-smoke">Sign in with your fingerprint, face or screen lock, without waiting for an email.</p>
            <AddPasskeyButton />
          </div>
          <div className="border-t border-cedar pt-6">
            <h3 className="text-xl text-cream">Or emailed codes</h3>
            <p className="mt-2 text-smoke">Type your email at Member Login and we send you a code that works once, for 10 minutes.</p>
            <div className="mt-4">
              <ButtonLink to="/members">Continue to the Members Area</ButtonLink>
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}

function OpenInvitationForm({ error }: { error: string | undefined }) {
  return (
    <>
      <p>Your invitation link opens this page by itself. If it has not, paste the whole link from your invitation email here.</p>
      <PastedLinkForm id="invitation-link" label="Your invitation link" submitLabel="Open Invitation" error={error} />
    </>
  );
}
