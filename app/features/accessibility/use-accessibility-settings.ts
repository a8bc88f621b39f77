import { useSyncExternalStore } from "react";
import {
  ACCESSIBILITY_SETTINGS_STORAGE_KEY,
  normalizeAccessibilitySettings,
  applyAccessibilitySettings,
  defaultAccessibilitySettings,
  loadAccessibilitySettings,
  parseStoredAccessibilitySettings,
  saveAccessibilitySettings,
  type AccessibilitySettings,
} from "./accessibility-settings.ts";

/**
 * The saved settings as an external store: the server (and hydration) sees the defaults, the
 * browser what localStorage holds. The pre-paint script has already applied the saved settings,
 * so nothing is re-applied on hydration (that would flash the defaults); the page is only touched
 * again when the settings change: in this tab, or in another one (the `storage` event).
 */
let current: AccessibilitySettings | null = null;
const listeners = new Set<() => void>();

function snapshot(): AccessibilitySettings {
  current ??= loadAccessibilitySettings();
  return current;
}

function publish(settings: AccessibilitySettings): void {
  current = settings;
  applyAccessibilitySettings(settings, document.documentElement);
  for (const listener of listeners) listener();
}

function followOtherTabs(event: StorageEvent): void {
  if (event.key === ACCESSIBILITY_SETTINGS_STORAGE_KEY || event.key === null) {
    publish(parseStoredAccessibilitySettings(event.newValue));
  }
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener("storage", followOtherTabs);
    // Pages whose pre-paint script could not run (an error page has no nonce) catch up here;
    // elsewhere this re-applies what is already applied.
    applyAccessibilitySettings(snapshot(), document.documentElement);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", followOtherTabs);
  };
}

const serverSnapshot = () => defaultAccessibilitySettings;

export function useAccessibilitySettings() {
  const settings = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return {
    settings,
    /** Applies at once and saves: every change takes effect without a confirm step. */
    change(patch: Partial<AccessibilitySettings>) {
      const next = normalizeAccessibilitySettings({ ...snapshot(), ...patch });
      saveAccessibilitySettings(next);
      publish(next);
    },
    reset() {
      const next = { ...defaultAccessibilitySettings };
      saveAccessibilitySettings(next);
      publish(next);
    },
  };
}
