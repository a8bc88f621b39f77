import { useState, useSyncExternalStore } from "react";
import { buttonClasses } from "#app/ui/button-link.tsx";

const unchanging = () => () => {};

/**
 * A Copy button beside a read-only field: shown only once the page runs in a browser with a
 * clipboard, so without JavaScript the field alone remains (select it and copy). The outcome is
 * announced.
 */
export function CopyAddressButton({ address, describedBy }: { address: string; describedBy?: string }) {
  const canCopy = useSyncExternalStore(
    unchanging,
    () => typeof navigator.clipboard?.writeText === "function",
    () => false,
  );
  const [said, setSaid] = useState("");
  if (!canCopy) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-4">
      <button
        type="button"
        className={buttonClasses("secondary")}
        aria-describedby={describedBy}
        onClick={() => {
          navigator.clipboard.writeText(address).then(
            () => setSaid("Copied. Paste it into your calendar app."),
            () => setSaid("Could not copy: select the address and copy it."),
          );
        }}
      >
        Copy address
      </button>
      <p role="status" className="text-sm text-smoke">
        {said}
      </p>
    </div>
  );
}
