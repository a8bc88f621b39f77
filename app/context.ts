import { createContext } from "react-router";
import type { SignedInMember } from "#worker/features/members/members.ts";

/** What the Worker hands to every loader and action (see worker/index.ts). */
export interface CloudflareRequestContext {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
}

export const cloudflareContext = createContext<CloudflareRequestContext>();

/** The per-response CSP nonce, so React Router's inline scripts carry it (decision 002). */
export const cspNonceContext = createContext<string>();

/** The signed-in, active member, set by requireMember for members-only routes. */
export const memberContext = createContext<SignedInMember>();
