import { useEffect } from "react";
import { useSearchParams } from "react-router";
import type { ActionResult } from "#app/lib/form-result.ts";
import { useOutcomeToast } from "./form-outcome.tsx";

/**
 * The confirmation a post/redirect/get brought back (`?done=`, read by the loader), raised once as
 * a toast; then its flag leaves the address, so a reload says nothing again. `focusId` names the
 * element (with tabIndex -1) that takes focus with it: the part of the page the post changed, so a
 * keyboard or screen-reader user carries on from there rather than from the top of the page.
 */
export function useConfirmationOnce(confirmation: ActionResult | null, focusId?: string): void {
  const [, setSearchParams] = useSearchParams();
  useOutcomeToast(confirmation ?? undefined);
  useEffect(() => {
    if (!confirmation) return;
    if (focusId) document.getElementById(focusId)?.focus();
    setSearchParams({}, { replace: true, preventScrollReset: true });
  }, [confirmation, focusId, setSearchParams]);
}
