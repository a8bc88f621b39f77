import { redirect } from "react-router";
import type { Route } from "./+types/accept-club-rules";
import { requestContext, memberContext } from "#app/context.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { acceptClubRulesForm } from "../member-forms.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { acceptRules } from "#app/features/member-area/member-area.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";

/**
 * POST /members/accept-rules, the rules step's form, inside the member-area layout (so
 * behind requireMember). Records the acceptance of the version the member read, when it is still
 * the current one, then returns them to the page they asked for; anything else changes nothing and
 * returns them to that page, which shows the current rules again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSubmission(request, acceptClubRulesForm);
  const destination = safeRedirectPath((form.ok ? form.data.redirectTo : undefined) ?? "/members", new URL(request.url).origin);
  if (form.ok && form.data.rulesVersion === RULES_VERSION) {
    await acceptRules(context.get(requestContext).env.DB, context.get(memberContext).id, RULES_VERSION);
  }
  return redirect(destination, 303);
}

/** Nothing to show here: a member who opens the address goes to the members area. */
export function loader() {
  return redirect("/members");
}
