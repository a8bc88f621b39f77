import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import type { ActionResult } from "#app/lib/form-result.ts";

/**
 * The confirmation of a booking, a cancellation or a guest, after the action's 303 back to the page
 * (post/redirect/get: a reload never books twice). The loader reads it from `?done=`; with
 * JavaScript it is a toast, raised once, and the flag leaves the address; without, the page shows it
 * as a status line.
 */
export function useConfirmationOnce(confirmation: ActionResult | null): void {
  const [, setSearchParams] = useSearchParams();
  useOutcomeToast(confirmation ?? undefined);
  useEffect(() => {
    if (confirmation) setSearchParams({}, { replace: true, preventScrollReset: true });
  }, [confirmation, setSearchParams]);
}

/** The confirmation as a line of the page, for a browser without JavaScript. */
export function ConfirmationLine({ confirmation }: { confirmation: ActionResult | null }) {
  if (!confirmation?.ok) return null;
  return (
    <p role="status" className="mb-6 rounded-sm border border-brass-deep p-4 text-cream">
      <strong>{confirmation.toast.title}.</strong> {confirmation.toast.description}
    </p>
  );
}
