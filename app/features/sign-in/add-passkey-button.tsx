import { useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { PASSKEY_NOT_ADDED } from "./sign-in-messages.ts";
import { useWebAuthnAvailable } from "./webauthn-available.ts";

/** The passkey code and the WebAuthn library, fetched when the member asks for a passkey. */
const loadPasskeyClient = () => import("./passkey-client.ts");

/**
 * "Add a passkey" for the signed-in member (docs/product-rules.md#sign-in): the browser makes a
 * passkey on this device (or a phone or key it offers), the site stores it under the browser's
 * name, and the page's data loads again so a list of passkeys shows the new one.
 */
export function AddPasskeyButton() {
  const revalidator = useRevalidator();
  const supported = useWebAuthnAvailable();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "status" | "alert"; text: string } | null>(null);

  async function add() {
    setBusy(true);
    setOutcome(null);
    try {
      const client = await loadPasskeyClient();
      const result = await client.addPasskey();
      if (result.kind === "added") {
        setOutcome({ tone: "status", text: `Passkey added: ${result.name}. Next time, sign in with it.` });
        await revalidator.revalidate();
      } else if (result.kind !== "cancelled") {
        setOutcome({ tone: "alert", text: result.message });
      }
    } catch (error) {
      console.warn("passkey: the passkey code could not be loaded", error);
      setOutcome({ tone: "alert", text: PASSKEY_NOT_ADDED });
    }
    setBusy(false);
  }

  if (!supported) return <p className="mt-6 text-smoke">This browser cannot make passkeys. Emailed codes still sign you in.</p>;
  return (
    <div className="mt-6 grid max-w-3xl gap-4">
      <div>
        <button type="button" disabled={busy} onClick={() => void add()} className={buttonClasses("primary")}>
          {busy ? "Waiting for your device..." : "Add a passkey"}
        </button>
      </div>
      {/* Both live regions stay mounted, empty until an outcome fills one: screen readers often
          miss a live region inserted together with its text. */}
      <OutcomeRegion role="status" text={outcome?.tone === "status" ? outcome.text : null} className="border-brass-deep" />
      <OutcomeRegion role="alert" text={outcome?.tone === "alert" ? outcome.text : null} className="border-ember bg-ember/10" />
    </div>
  );
}

function OutcomeRegion({ role, text, className }: { role: "status" | "alert"; text: string | null; className: string }) {
  return (
    <p role={role} className={text ? `rounded-sm border px-4 py-3 text-cream ${className}` : "sr-only"}>
      {text ?? ""}
    </p>
  );
}
