import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the page. The SMS block's
 * buttons are marked unavailable only then: without a script the server checks the form, so a
 * button must not look (or be announced as) unavailable when it works.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
