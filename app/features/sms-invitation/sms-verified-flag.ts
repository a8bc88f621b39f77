import { useSyncExternalStore } from "react";

/**
 * The smsVerified browser flag (it persists in local storage), as an external store: the
 * server (and hydration) sees false, the browser what localStorage holds, also after a reload and
 * when another tab verifies. The server knows the same from its signed cookie (the home loader);
 * this flag covers browsers whose cookie is gone. Storage failures fall back silently with a
 * console warning: the flag then lasts for this page only.
 */
const STORAGE_KEY = "smsVerified";

let verified: boolean | null = null;
const listeners = new Set<() => void>();

function readStoredFlag(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "true";
  } catch (error) {
    console.warn("The SMS verification flag could not be read.", error);
    return false;
  }
}

function snapshot(): boolean {
  verified ??= readStoredFlag();
  return verified;
}

function publish(value: boolean): void {
  verified = value;
  for (const listener of listeners) listener();
}

function followOtherTabs(event: StorageEvent): void {
  if (event.key === STORAGE_KEY || event.key === null) publish(event.newValue === "true");
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("storage", followOtherTabs);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", followOtherTabs);
  };
}

const serverSnapshot = () => false;

export function useSmsVerifiedFlag(): boolean {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Records a correct code: in localStorage when it can, for this page in any case. */
export function markSmsVerified(): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, "true");
  } catch (error) {
    console.warn("The SMS verification flag could not be saved; it applies to this page only.", error);
  }
  publish(true);
}
