import { useCallback, useEffect, useState } from "react";

/** The reCAPTCHA v3 API the Google script defines on window. */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const RECAPTCHA_SCRIPT = "https://www.google.com/recaptcha/api.js";

/** What the dialog needs of the captcha script: whether it has settled, and a second try. */
export interface CaptchaScript {
  /** Loaded, or failed to load (the submit then says 'ReCAPTCHA not ready'); false while loading. */
  settled: boolean;
  usesLocalStandIn: boolean;
  /** After a failure: fetch the script again, so "Please try again" can work. */
  reload: () => void;
}

/**
 * Loads Google's reCAPTCHA v3 script only when it is needed (when the dialog opens), so
 * the home page stays fast and no third-party script runs on first paint. The script element is
 * created by our own nonce'd code, which the CSP's 'strict-dynamic' allows. With no site key
 * configured (local development) the LOCAL STAND-IN is ready at once; the server refuses its
 * tokens in production. A script that fails to load (blocked, offline), or is not ready within
 * ten seconds (its own second script blocked), settles too: 'Transmit Message' is then enabled,
 * and pressing it gives the 'ReCAPTCHA not ready' toast and fetches the script again,
 * instead of a button that stays disabled with no explanation.
 */
const READY_WITHIN_MS = 10_000;

export function useCaptcha(siteKey: string, wanted: boolean): CaptchaScript {
  const usesLocalStandIn = siteKey === "";
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (usesLocalStandIn || !wanted) return;
    let settled = false;
    const settle = (outcome: "loaded" | "failed") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      setState(outcome);
    };
    const markReady = () => window.grecaptcha?.ready(() => settle("loaded"));
    const markFailed = () => settle("failed");
    const timer = setTimeout(markFailed, READY_WITHIN_MS);
    if (window.grecaptcha) {
      markReady();
      return () => clearTimeout(timer);
    }
    let script = document.querySelector<HTMLScriptElement>(`script[src^="${RECAPTCHA_SCRIPT}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener("load", markReady);
    script.addEventListener("error", markFailed);
    return () => {
      clearTimeout(timer);
      script?.removeEventListener("load", markReady);
      script?.removeEventListener("error", markFailed);
    };
  }, [siteKey, usesLocalStandIn, wanted, attempt]);

  const reload = useCallback(() => {
    if (state === "loaded") return;
    document.querySelector(`script[src^="${RECAPTCHA_SCRIPT}"]`)?.remove();
    setState("loading");
    setAttempt((count) => count + 1);
  }, [state]);

  return { settled: usesLocalStandIn || state !== "loading", usesLocalStandIn, reload };
}

export class CaptchaNotReadyError extends Error {}

/** A token for `action`: from Google, or from the local stand-in when no site key is set. */
export async function captchaToken(siteKey: string, action: string): Promise<string> {
  if (siteKey === "") return `local-captcha:${action}:${Date.now()}`;
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha?.execute) throw new CaptchaNotReadyError();
  return grecaptcha.execute(siteKey, { action });
}

/**
 * Puts a fresh token into a form's hidden field just before the form is sent. When the script is
 * not ready the form goes without one (the server decides what that means) and the script loads again.
 */
export async function fillCaptchaToken(field: HTMLInputElement | null, siteKey: string, action: string, reload: () => void): Promise<void> {
  try {
    if (field) field.value = await captchaToken(siteKey, action);
  } catch {
    reload();
  }
}
