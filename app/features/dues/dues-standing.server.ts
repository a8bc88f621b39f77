import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { memberContext, requestContext } from "#app/context.ts";
import { formatPortlandDate } from "#app/features/member-area/member-dates.ts";
import { findDuesStanding } from "./billing.server.ts";

/**
 * The member areas' dues gate (docs/product-rules.md#billing-renewals-and-lapses), after
 * requireMember: a lapsed member reaches only /members/billing (every other page and action of the
 * member areas, data requests included, is sent there), and a past-due member's pages carry the
 * banner, so the layout needs their standing once per request.
 */
export interface DuesStanding {
  status: "active" | "past_due" | "lapsed";
  graceEndsAt: string | null;
}

const duesStandingContext = createContext<DuesStanding | null>(null);

export const BILLING_PATH = "/members/billing";
/** The billing page, or React Router's data request for it. */
const BILLING_PAGE = /^\/members\/billing(\.data)?\/?$/;
/** Where a lapsed member may go: billing, and the club rules step's action (the layout shows the step on billing too). */
const OPEN_WHEN_LAPSED = /^\/members\/(billing|accept-rules)(\.data)?\/?$/;

export const checkDuesStanding: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = context.get(requestContext);
  const standing = await findDuesStanding(env.DB, context.get(memberContext).id);
  if (standing) context.set(duesStandingContext, { status: standing.duesStatus, graceEndsAt: standing.graceEndsAt });
  if (standing?.duesStatus === "lapsed" && !OPEN_WHEN_LAPSED.test(new URL(request.url).pathname)) throw redirect(BILLING_PATH, 303);
  return next();
};

/** The member's dues standing this request (null when the gate did not run). */
export function duesStanding(context: Readonly<RouterContextProvider>): DuesStanding | null {
  return context.get(duesStandingContext);
}

/**
 * The banner the layout shows while the dues are past due, on every member page but billing
 * (which says it itself); undefined otherwise.
 */
export function duesBannerFor(request: Request, context: Readonly<RouterContextProvider>): { graceEndsLabel: string | null } | undefined {
  const standing = duesStanding(context);
  if (standing?.status !== "past_due" || BILLING_PAGE.test(new URL(request.url).pathname)) return undefined;
  return { graceEndsLabel: standing.graceEndsAt ? formatPortlandDate(standing.graceEndsAt) : null };
}
