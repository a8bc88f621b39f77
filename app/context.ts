import { createContext } from "react-router";
import type { SignedInMember } from "#worker/features/members/members.ts";
import type { RequestContext } from "#worker/http/request-context.ts";

/**
 * What the Worker hands to every loader and action (worker/app.ts): bindings, validated
 * configuration, client network and a security-event logger bound to the request.
 */
export const requestContext = createContext<RequestContext>();

/** The per-response CSP nonce, so React Router's inline scripts carry it (decision 002). */
export const cspNonceContext = createContext<string>();

/** The signed-in, active member, set by requireMember for members-only routes. */
export const memberContext = createContext<SignedInMember>();
