import type { ActionResult } from "#app/lib/form-result.ts";

/**
 * The confirmation of a booking, a cancellation or a guest, after the action's 303 back to the page
 * (post/redirect/get: a reload never books twice). The loader reads it from `?done=`; with
 * JavaScript it is a toast (useConfirmationOnce, app/ui/form/use-confirmation-once.ts); without,
 * the page shows it as this status line.
 */
export function ConfirmationLine({ confirmation }: { confirmation: ActionResult | null }) {
  if (!confirmation?.ok) return null;
  return (
    <p role="status" className="mb-6 rounded-sm border border-brass-deep p-4 text-cream">
      <strong>{confirmation.toast.title}.</strong> {confirmation.toast.description}
    </p>
  );
}
