import { useEffect, useRef, useSyncExternalStore, type RefObject } from "react";
import { currentToasts, dismissToast, serverToasts, subscribeToToasts } from "./toast-store.ts";

/**
 * Where toasts appear (docs/product-rules.md#toasts): a polite live region, bottom centre above
 * the accessibility button from 640 px; on narrower screens and at large text, right under the
 * header, where they lie over the page's upper edge rather than over the controls a visitor is
 * using lower down (the SMS block's buttons, a form's submit button). Every toast is a status,
 * errors included, announced politely: an alert would cut off what the screen reader is saying,
 * and a toast never needs that. The region stays in the DOM so screen readers register it before
 * the first message. A modal dialog makes everything outside it inert, so the invitation dialog
 * holds a second Toaster: exactly one of the two is `active` (shows toasts) at a time.
 */
export function Toaster({ active = true }: { active?: boolean }) {
  const allToasts = useSyncExternalStore(subscribeToToasts, currentToasts, serverToasts);
  const toasts = active ? allToasts : [];
  const regionRef = useRef<HTMLElement>(null);
  useUnderTheHeader(regionRef, toasts.length > 0);
  return (
    <section
      ref={regionRef}
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-[var(--toaster-top,0px)] z-[70] flex flex-col items-center gap-3 px-4 pt-2 sm:bottom-24 sm:top-auto sm:pt-0 [html[data-a11y-large-text]_&]:bottom-auto [html[data-a11y-large-text]_&]:top-[var(--toaster-top,0px)] [html[data-a11y-large-text]_&]:pt-2"
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

/**
 * Keeps `--toaster-top` at the header's lower edge while toasts show: the header sticks to the top
 * of the screen once the health warning bar has scrolled away, and scrolls away itself at large
 * text; the toasts follow it, never lying over it. Only the top placement uses the property.
 */
function useUnderTheHeader(regionRef: RefObject<HTMLElement | null>, showing: boolean): void {
  useEffect(() => {
    const region = regionRef.current;
    if (!showing || !region) return;
    const place = () => {
      const headerBottom = document.getElementById("site-header")?.getBoundingClientRect().bottom ?? 0;
      region.style.setProperty("--toaster-top", `${Math.max(0, headerBottom)}px`);
    };
    place();
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [regionRef, showing]);
}
