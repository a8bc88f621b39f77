import { useEffect, useState } from "react";

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

/**
 * Loads Google's reCAPTCHA v3 script only when it is needed (issue 4: when the dialog opens), so
 * the home page stays fast and no third-party script runs on first paint. The script element is
 * created by our own nonce'd code, which the CSP's 'strict-dynamic' allows. With no site key
 * configured (local development) the LOCAL STAND-IN is ready at once; the server refuses its
 * tokens in production.
 */
export function useCaptcha(siteKey: string, wanted: boolean): { ready: boolean; usesLocalStandIn: boolean } {
  const usesLocalStandIn = siteKey === "";
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (usesLocalStandIn || !wanted) return;
    const markReady = () => window.grecaptcha?.ready(() => setLoaded(true));
    if (window.grecaptcha) return markReady();
    let script = document.querySelector<HTMLScriptElement>(`script[src^="${RECAPTCHA_SCRIPT}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener("load", markReady);
    return () => script?.removeEventListener("load", markReady);
  }, [siteKey, usesLocalStandIn, wanted]);
  return { ready: usesLocalStandIn || loaded, usesLocalStandIn };
}

export class CaptchaNotReadyError extends Error {}

/** A token for `action`: from Google, or from the local stand-in when no site key is set. */
export async function captchaToken(siteKey: string, action: string): Promise<string> {
  if (siteKey === "") return `local-captcha:${action}:${Date.now()}`;
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha?.execute) throw new CaptchaNotReadyError();
  return grecaptcha.execute(siteKey, { action });
}
