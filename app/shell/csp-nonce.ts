import { useRouteLoaderData } from "react-router";

/**
 * The CSP nonce of the current document, for the few inline scripts we render ourselves (for
 * example settings that must apply before first paint). React Router's own scripts get it from
 * entry.server.tsx. Undefined only when the root loader did not run (an error page).
 */
export function useCspNonce(): string | undefined {
  return useRouteLoaderData<{ cspNonce?: string }>("root")?.cspNonce;
}
