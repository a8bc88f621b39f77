import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useCaptcha } from "./captcha.ts";
import { EXECUTIVE_ACCESS_PATH } from "./executive-access-path.ts";
import { Toaster } from "#app/ui/toast/toaster.tsx";
import { useCodeOnDemand } from "#app/lib/use-code-on-demand.ts";

// The form, its zod schema and the submit flow load when the dialog first opens: they are most
// of the site's own JavaScript, and most visitors never open the dialog (docs/performance-notes.md).
const loadForm = () => import("./invitation-form.tsx");

const OpenInvitationContext = createContext<(() => void) | null>(null);

/**
 * The 'Confidential Communication Channel' dialog (docs/product-rules.md#executive-invitation): one per page, opened from the
 * header, the home hero and the footer (links to /executive-access, which it enhances). A native modal <dialog>: focus is trapped inside, Esc
 * closes it and focus returns to the button that opened it. The form and the captcha script load
 * when the dialog is first opened. It also places the page's toasts: inside the dialog while it is open
 * (everything else is inert then), outside otherwise.
 */
export function InvitationDialogProvider({ siteKey, children }: { siteKey: string; children: ReactNode }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [wanted, setWanted] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [formFailedToLoad, setFormFailedToLoad] = useState(false);
  const captcha = useCaptcha(siteKey, wanted);
  // A guest's invitation to apply links the request to their host (docs/security.md#guest-invitation-links).
  const guestReference = useSearchParams()[0].get("guest") ?? undefined;
  const formCode = useCodeOnDemand(
    loadForm,
    dialogOpen && !formFailedToLoad,
    useCallback(() => setFormFailedToLoad(true), []),
  );

  const open = useCallback(() => {
    setWanted(true);
    setFormFailedToLoad(false);
    setDialogOpen(true);
    dialogRef.current?.showModal();
  }, []);
  const close = () => dialogRef.current?.close();

  return (
    <OpenInvitationContext.Provider value={open}>
      {children}
      <Toaster active={!dialogOpen} />
      <dialog
        ref={dialogRef}
        onClose={() => setDialogOpen(false)}
        aria-labelledby="invitation-title"
        className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-3xl overflow-y-auto rounded-sm border border-brass-deep bg-humidor p-0 text-cream backdrop:bg-black/80"
      >
        <div className="p-6 sm:p-10">
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brass">Executive Access</p>
              <h2 id="invitation-title" className="mt-2 text-3xl text-cream sm:text-4xl">
                Confidential Communication Channel
              </h2>
            </div>
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              className="min-h-11 min-w-11 rounded-sm border border-cedar text-2xl text-cream hover:border-brass"
            >
              ×
            </button>
          </div>
          <p className="mt-4 text-smoke">
            Tell the concierge who you are and who introduced you. Every request is read by a person, and answered in confidence.
          </p>
          {captcha.usesLocalStandIn ? (
            <p className="mt-4 rounded-sm border border-dashed border-warning/70 px-3 py-2 text-sm text-warning">
              Local development: a stand-in replaces Google reCAPTCHA. It is refused in production.
            </p>
          ) : null}
          {formCode ? (
            <formCode.InvitationForm
              key={formKey}
              siteKey={siteKey}
              captchaSettled={captcha.settled}
              onCaptchaMissing={captcha.reload}
              guestReference={guestReference}
              target={{
                kind: "dialog",
                onSent: () => {
                  close();
                  setFormKey((key) => key + 1);
                },
              }}
            />
          ) : formFailedToLoad ? (
            <p role="alert" className="mt-8 text-warning">
              The form could not be loaded. Check your connection, close this window and open it again.
            </p>
          ) : wanted ? (
            <p role="status" className="mt-8 text-smoke">
              Loading...
            </p>
          ) : null}
        </div>
        <Toaster active={dialogOpen} />
      </dialog>
    </OpenInvitationContext.Provider>
  );
}

/** Opens the invitation dialog; only inside <InvitationDialogProvider>. */
export function useOpenInvitation(): () => void {
  const open = useContext(OpenInvitationContext);
  if (!open) throw new Error("useOpenInvitation must be used within an InvitationDialogProvider");
  return open;
}

/**
 * An opener of the invitation form, labelled as the place it sits in needs: a link to
 * /executive-access (carrying the page's ?guest=), which works without JavaScript; once the
 * page's script runs, it opens the dialog instead. A modified click (a new tab or window) still
 * follows the link.
 */
export function ExecutiveAccessButton({ children, className, onOpen }: { children: ReactNode; className: string; onOpen?: () => void }) {
  const open = useOpenInvitation();
  const guest = useSearchParams()[0].get("guest");
  const to = guest ? `${EXECUTIVE_ACCESS_PATH}?${new URLSearchParams({ guest }).toString()}` : EXECUTIVE_ACCESS_PATH;
  return (
    <Link
      to={to}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen?.();
        open();
      }}
      className={className}
      aria-haspopup="dialog"
    >
      {children}
    </Link>
  );
}
