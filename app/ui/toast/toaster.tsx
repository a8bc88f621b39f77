import { useSyncExternalStore } from "react";
import { currentToasts, dismissToast, serverToasts, subscribeToToasts } from "./toast-store.ts";

/**
 * Where toasts appear: a polite live region, bottom centre, above the accessibility button.
 * Every toast is a status, errors included, announced politely: an alert would cut
 * off what the screen reader is saying, and a toast never needs that. The region stays in the DOM so screen readers register it before the
 * first message. A modal dialog makes everything outside it inert, so the invitation dialog holds
 * a second Toaster: exactly one of the two is `active` (shows toasts) at a time.
 */
export function Toaster({ active = true }: { active?: boolean }) {
  const allToasts = useSyncExternalStore(subscribeToToasts, currentToasts, serverToasts);
  const toasts = active ? allToasts : [];
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-[70] flex flex-col items-center gap-3 px-4"
    >
      <div aria-live="polite" aria-relevant="additions" className="flex w-full max-w-md flex-col gap-3">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role="status"
            className={`pointer-events-auto flex items-start gap-3 rounded-sm border px-4 py-3 shadow-xl shadow-black/50 ${
              toast.variant === "destructive" ? "border-ember bg-leather" : "border-brass bg-humidor"
            }`}
          >
            <div className="flex-1">
              <p className={`font-semibold ${toast.variant === "destructive" ? "text-warning" : "text-brass"}`}>{toast.title}</p>
              <p className="mt-1 text-sm text-cream">{toast.description}</p>
            </div>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              className="min-h-6 min-w-6 rounded-sm px-1 text-smoke hover:text-cream"
              aria-label={`Dismiss: ${toast.title}`}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
