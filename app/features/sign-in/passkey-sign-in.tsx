import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { PASSKEY_REFUSED } from "./sign-in-messages.ts";
import { useWebAuthnAvailable } from "./webauthn-available.ts";

/** The passkey code and the WebAuthn library, fetched only once the page is interactive. */
const loadPasskeyClient = () => import("./passkey-client.ts");
type PasskeyClient = Awaited<ReturnType<typeof loadPasskeyClient>>;

const autofillFailed = (error: unknown) => console.warn("passkey: autofill is not available", error);

/**
 * A waiting autofill request is renewed before its challenge (5 minutes, docs/security.md#passkeys)
 * runs out, so a passkey picked from the email field later still signs in.
 */
const AUTOFILL_RENEW_MS = 4 * 60_000;

/**
 * Passkey sign-in on /auth (docs/product-rules.md#sign-in). Where the browser can offer passkeys
 * in the email field's suggestions (conditional mediation), they are offered there as soon as the
 * page is interactive; the button opens the browser's passkey dialog anywhere WebAuthn exists.
 * Signed in, the whole page loads at the place the member was going, so every part of it sees the
 * new session.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const supported = useWebAuthnAvailable();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** Starts a new request in the email field's suggestions; does nothing where they cannot hold passkeys. */
  const restartAutofill = useRef<() => void>(() => {});

  useEffect(() => {
    if (!supported) return;
    let stopped = false;
    let renew: ReturnType<typeof setTimeout> | undefined;
    let client: PasskeyClient | null = null;

    async function offerInAutofill() {
      if (stopped || !document.querySelector('input[autocomplete~="webauthn"]')) return;
      client = await loadPasskeyClient();
      clearTimeout(renew);
      renew = setTimeout(() => void offerInAutofill().catch(autofillFailed), AUTOFILL_RENEW_MS);
      const outcome = await client.signInWithPasskey(redirectTo, true);
      // Cancelled: replaced by a newer request (the renewal, the button), which carries on.
      if (stopped || outcome.kind === "cancelled") return;
      // Unavailable: the field stays a plain email field (the button still says why, if pressed).
      if (outcome.kind === "unavailable") return clearTimeout(renew);
      if (outcome.kind === "signed-in") return window.location.assign(outcome.redirectTo);
      // Refused after the member picked a passkey: say so. The button still works at once, and
      // the field offers passkeys again at the renewal, never in a loop.
      setMessage(outcome.message);
    }

    PublicKeyCredential.isConditionalMediationAvailable?.()
      .then((available) => {
        if (!available || stopped) return;
        restartAutofill.current = () => void offerInAutofill().catch(autofillFailed);
        restartAutofill.current();
      })
      .catch(autofillFailed);
    return () => {
      stopped = true;
      clearTimeout(renew);
      restartAutofill.current = () => {};
      // Leaving the page (or this form) ends the request waiting in the email field.
      client?.cancelPasskeyRequest();
    };
  }, [supported, redirectTo]);

  async function signInWithButton() {
    setBusy(true);
    setMessage(null);
    try {
      const client = await loadPasskeyClient();
      const outcome = await client.signInWithPasskey(redirectTo, false);
      if (outcome.kind === "signed-in") return window.location.assign(outcome.redirectTo);
      if (outcome.kind !== "cancelled") setMessage(outcome.message);
    } catch (error) {
      console.warn("passkey: the sign-in code could not be loaded", error);
      setMessage(PASSKEY_REFUSED);
    }
    setBusy(false);
    // The button's request replaced the one waiting in the email field: wait there again.
    restartAutofill.current();
  }

  if (!supported) return null;
  return (
    <div className="mt-8 grid gap-4 border-t border-cedar pt-6">
      {message ? (
        <p role="alert" className="rounded-sm border border-ember bg-ember/10 px-4 py-3 text-cream">
          {message}
        </p>
      ) : null}
      <div>
        <button type="button" disabled={busy} onClick={() => void signInWithButton()} className={buttonClasses("secondary")}>
          {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
        </button>
      </div>
    </div>
  );
}
