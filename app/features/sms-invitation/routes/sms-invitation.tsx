import type { Route } from "./+types/sms-invitation";
import { requestContext } from "#app/context.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { SmsInvitationBlock } from "../sms-invitation-block.tsx";
import { SmsRatesNotice } from "../sms-rates-notice.tsx";
import { answerSmsForm } from "../sms-invitation.server.ts";
import { hasPassedSmsVerification } from "../sms-verified.server.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your invitation, by text message",
    description: "Enter a US mobile number, then the code we text you, and the invitation pages open to you.",
  });

/**
 * The SMS block on a page of its own (docs/product-rules.md#sms-invitation): where the block's
 * forms post when no script sends them as JSON, on this page and on the home page. The action
 * answers with the next step, shown here.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { smsVerified: await hasPassedSmsVerification(context.get(requestContext)) };
}

export function action({ request, context }: Route.ActionArgs) {
  return answerSmsForm(request, context);
}

export default function SmsInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Invitation by SMS" title="Your invitation, by text message">
        <p>Enter a US mobile number and we will text you a verification code. Enter the code here and the invitation pages open to you.</p>
      </PageHero>
      <section aria-label="Your invitation, by text message" className="bg-humidor">
        <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:py-20 md:grid-cols-2">
          <div className="rounded-sm border border-cedar bg-night p-6 sm:p-8">
            <SmsInvitationBlock verifiedByServer={loaderData.smsVerified} answer={actionData} />
          </div>
          <SmsRatesNotice className="text-smoke" />
        </div>
      </section>
    </>
  );
}
