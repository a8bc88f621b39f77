import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestContext, memberContext } from "#app/context.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { hasAcceptedRules } from "#worker/features/member-area/rules-acceptance.ts";

/** Whether the signed-in member has accepted the current club rules (set once per request). */
const clubRulesAcceptedContext = createContext<boolean>(false);

/**
 * Middleware of the member areas, after requireMember: asks D1 once per request whether
 * the member has accepted the current rules. Until they have, the layout shows only the rules
 * step, and every loader and action of the member areas answers as if there were nothing to show.
 */
export const checkClubRulesAcceptance: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { env } = context.get(requestContext);
  context.set(clubRulesAcceptedContext, await hasAcceptedRules(env.DB, context.get(memberContext).id, RULES_VERSION));
  return next();
};

export function hasAcceptedClubRules(context: Readonly<RouterContextProvider>): boolean {
  return context.get(clubRulesAcceptedContext);
}

/**
 * The member for a loader of the member areas: null until they have accepted the current rules,
 * so no member data reaches the page while the rules step shows.
 */
export function memberWithAcceptedRules(context: Readonly<RouterContextProvider>): SignedInMember | null {
  return hasAcceptedClubRules(context) ? context.get(memberContext) : null;
}

/**
 * The member for an action of the member areas. A member who has not accepted the current rules
 * (a page left open while the rules changed) is sent back to the page, which shows the rules step.
 */
export function requireMemberWithAcceptedRules(request: Request, context: Readonly<RouterContextProvider>): SignedInMember {
  const member = memberWithAcceptedRules(context);
  if (!member) {
    const url = new URL(request.url);
    throw redirect(url.pathname + url.search, 303);
  }
  return member;
}

// The Worker's member-area services, for the pages' loaders and actions (decision 006).
export { findMemberById } from "#worker/features/members/members.ts";
export { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
export { isFirstSignIn } from "#worker/features/member-area/member-greeting.ts";
export { findPointsBalance, listActiveRewardItems, listRecentRedemptions, redeemReward } from "#worker/features/member-area/rewards.ts";
export { mediaKitFile } from "#worker/features/member-area/media-kit-files.ts";
export { listPartnerVendors } from "#worker/features/member-area/partner-vendors.ts";
