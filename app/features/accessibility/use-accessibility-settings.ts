import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import {
  ACCESSIBILITY_SETTINGS_PATH,
  accessibilitySettingsFields,
  normalizeAccessibilitySettings,
  applyAccessibilitySettings,
  defaultAccessibilitySettings,
  forgetStoredAccessibilitySettings,
  readStoredAccessibilitySettings,
  type AccessibilitySettings,
} from "./accessibility-settings.ts";
import type { ActionResult } from "#app/lib/form-result.ts";

/**
 * The settings as an external store. Their one home is the cookie the settings page's action
 * writes (docs/product-rules.md#accessibility); the root loader hands them to the page, which the
 * server has already rendered in them, so nothing is re-applied on hydration (that would flash).
 * A browser whose settings are still in localStorage (an earlier version of the site) starts
 * from those, and they move into the cookie once. Other tabs follow a change through a
 * BroadcastChannel.
 */
interface FromServer {
  settings: AccessibilitySettings;
  saved: boolean;
}

let current: AccessibilitySettings | null = null;
/** Settings found in localStorage on this page load, still to be moved into the cookie. */
let toMigrate: AccessibilitySettings | null = null;
const listeners = new Set<() => void>();
const CHANNEL = "ember-oak:accessibility-settings";
let channel: BroadcastChannel | null = null;

function initial(fromServer: FromServer | undefined): AccessibilitySettings {
  if (fromServer?.saved) return fromServer.settings;
  toMigrate = readStoredAccessibilitySettings();
  return toMigrate ?? fromServer?.settings ?? { ...defaultAccessibilitySettings };
}

function publish(settings: AccessibilitySettings): void {
  current = settings;
  applyAccessibilitySettings(settings, document.documentElement);
  for (const listener of listeners) listener();
}

function followOtherTabs(event: MessageEvent): void {
  publish(normalizeAccessibilitySettings(event.data));
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    if (typeof BroadcastChannel === "function") {
      channel = new BroadcastChannel(CHANNEL);
      channel.addEventListener("message", followOtherTabs);
    }
    // Pages the server could not render in the settings (an error page has no root data) catch
    // up here; elsewhere this re-applies what is already applied.
    if (current) applyAccessibilitySettings(current, document.documentElement);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      channel?.close();
      channel = null;
    }
  };
}

/**
 * The settings page's form (with JavaScript) wrote the cookie itself: the page, and the widget,
 * take on what it saved.
 */
export function adoptSavedAccessibilitySettings(settings: AccessibilitySettings): void {
  if (current && JSON.stringify(current) === JSON.stringify(settings)) return;
  publish(settings);
  channel?.postMessage(settings);
}

export function useAccessibilitySettings() {
  const fromServer = useRouteLoaderData<{ accessibility?: FromServer }>("root")?.accessibility;
  const save = useSaveToCookie();
  const snapshot = useCallback(() => (current ??= initial(fromServer)), [fromServer]);
  const settings = useSyncExternalStore(subscribe, snapshot, () => fromServer?.settings ?? defaultAccessibilitySettings);

  // Once per page load: settings found in localStorage move into the cookie; when the cookie
  // already holds settings, it wins and the old copy is dropped.
  useEffect(() => {
    if (toMigrate) save(toMigrate);
    else if (fromServer?.saved) forgetStoredAccessibilitySettings();
    toMigrate = null;
  }, [fromServer?.saved, save]);

  const commit = (next: AccessibilitySettings) => {
    publish(next);
    save(next);
    channel?.postMessage(next);
  };
  return {
    settings,
    /** Applies at once and saves: every change takes effect without a confirm step. */
    change(patch: Partial<AccessibilitySettings>) {
      commit(normalizeAccessibilitySettings({ ...snapshot(), ...patch }));
    },
    reset() {
      commit({ ...defaultAccessibilitySettings });
    },
  };
}

/**
 * Writes settings into the cookie through the settings page's action, one request at a time (the
 * last change always arrives last), without reloading the page's data. Once one is written, the
 * localStorage copy has moved and is dropped. A failed write leaves the settings applied to this
 * page only.
 */
function useSaveToCookie(): (settings: AccessibilitySettings) => void {
  const fetcher = useFetcher<ActionResult>({ key: "accessibility-settings" });
  const busy = useRef(false);
  const waiting = useRef<AccessibilitySettings | null>(null);
  const { submit } = fetcher;

  const send = useCallback(
    (settings: AccessibilitySettings) => {
      busy.current = true;
      void submit(
        { ...accessibilitySettingsFields(settings), via: "widget" },
        { method: "post", action: ACCESSIBILITY_SETTINGS_PATH, defaultShouldRevalidate: false },
      );
    },
    [submit],
  );

  useEffect(() => {
    if (fetcher.state !== "idle" || !busy.current) return;
    busy.current = false;
    if (fetcher.data?.ok) forgetStoredAccessibilitySettings();
    const next = waiting.current;
    waiting.current = null;
    if (next) send(next);
  }, [fetcher.state, fetcher.data, send]);

  return useCallback(
    (settings: AccessibilitySettings) => {
      if (busy.current) waiting.current = settings;
      else send(settings);
    },
    [send],
  );
}
