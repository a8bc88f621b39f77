import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/**
 * Whether this browser has WebAuthn at all: the passkey buttons hide where it is missing. True on
 * the server and during hydration, so the first render matches the page the server sent.
 */
export function useWebAuthnAvailable(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => typeof window.PublicKeyCredential === "function",
    () => true,
  );
}
