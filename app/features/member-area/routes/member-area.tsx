import { useEffect, useRef } from "react";
import { Outlet } from "react-router";
import type { Route } from "./+types/member-area";
import { ClubRulesStep } from "../club-rules-step.tsx";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { checkClubRulesAcceptance, hasAcceptedClubRules } from "../member-area.server.ts";
import { requireMember } from "#app/features/sign-in/require-member.server.ts";
import { DuesBanner } from "#app/features/dues/dues-banner.tsx";
import { checkDuesStanding, duesBannerFor } from "#app/features/dues/dues-standing.server.ts";

/**
 * The layout of the members-only areas (docs/product-rules.md#member-area): /members, /rewards, /media and
 * /luxury-vendors. Visitors go to /auth; a member who has not accepted the current club rules sees
 * only the rules step, whichever page they asked for, and that page once they have accepted. A
 * lapsed member reaches only /members/billing; a past-due member's pages carry the dues banner
 * (docs/product-rules.md#billing-renewals-and-lapses).
 */
export const middleware: Route.MiddlewareFunction[] = [requireMember, checkClubRulesAcceptance, checkDuesStanding];

// A server loader makes every client-side navigation into the member areas reach the server, so
// the middleware above runs on each one (react-router docs, how-to/middleware).
export function loader({ request, context }: Route.LoaderArgs) {
  return { rulesAccepted: hasAcceptedClubRules(context), rulesVersion: RULES_VERSION, duesBanner: duesBannerFor(request, context) };
}

// Ask again on every navigation between member pages: the answer comes in the same request as the
// page's own data, and the page's loader has asked the same question.
export function shouldRevalidate() {
  return true;
}

export default function MemberArea({ loaderData }: Route.ComponentProps) {
  // Accepting returns to the same address, so nothing else scrolls: start the page at its top,
  // with focus on the main content (the skip link's target), as after any new page.
  const acceptedBefore = useRef(loaderData.rulesAccepted);
  useEffect(() => {
    if (loaderData.rulesAccepted && !acceptedBefore.current) {
      window.scrollTo({ top: 0 });
      document.getElementById("main-content")?.focus({ preventScroll: true });
    }
    acceptedBefore.current = loaderData.rulesAccepted;
  }, [loaderData.rulesAccepted]);

  return (
    <>
      {loaderData.duesBanner ? <DuesBanner graceEndsLabel={loaderData.duesBanner.graceEndsLabel} /> : null}
      {loaderData.rulesAccepted ? <Outlet /> : <ClubRulesStep rulesVersion={loaderData.rulesVersion} />}
    </>
  );
}
