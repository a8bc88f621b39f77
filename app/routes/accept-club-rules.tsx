import { redirect } from "react-router";
import type { Route } from "./+types/accept-club-rules";
import { cloudflareContext, memberContext } from "~/context";
import { RULES_VERSION } from "~/lib/club-rules";
import { acceptClubRulesForm, formFields } from "~/lib/member-forms";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { acceptRules } from "../../worker/services/members/rules-acceptance";
import { submittedForm } from "~/lib/submitted-form.server";

/**
 * POST /members/accept-rules, the rules step's form (issue 6), inside the member-area layout (so
 * behind requireMember). Records the acceptance of the version the member read, when it is still
 * the current one, then returns them to the page they asked for; anything else changes nothing and
 * returns them to that page, which shows the current rules again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = acceptClubRulesForm.safeParse(formFields(await submittedForm(request)));
  const destination = safeRedirectPath(form.data?.redirectTo ?? "/members", new URL(request.url).origin);
  if (form.success && form.data.rulesVersion === RULES_VERSION) {
    await acceptRules(context.get(cloudflareContext).env.DB, context.get(memberContext).id, RULES_VERSION);
  }
  return redirect(destination, 303);
}

/** Nothing to show here: a member who opens the address goes to the members area. */
export function loader() {
  return redirect("/members");
}
