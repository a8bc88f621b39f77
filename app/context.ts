import { createContext } from "react-router";

/** What the Worker hands to every loader and action (see worker/index.ts). */
export interface CloudflareRequestContext {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
}

export const cloudflareContext = createContext<CloudflareRequestContext>();

/** The per-response CSP nonce, so React Router's inline scripts carry it (decision 002). */
export const cspNonceContext = createContext<string>();
