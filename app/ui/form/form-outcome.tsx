import { useEffect, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { buttonClasses, type ButtonStyle } from "../button-link.tsx";
import { showToast } from "../toast/toast-store.ts";

/**
 * What an action of the member areas answers (docs/product-rules.md#member-area). `form` names the form it answers, so the
 * message shows beside that form only. Successes raise a toast (the page itself also shows the new
 * state, which is all a visitor without JavaScript needs); refusals and field errors show inline.
 */
export type FormOutcome =
  | { form: string; ok: true; toast: { title: string; description: string } }
  | { form: string; ok: false; error?: string; fieldErrors?: Record<string, string> };

/** Raises the toast of a successful submission, once per answer. */
export function useOutcomeToast(outcome: FormOutcome | undefined): void {
  useEffect(() => {
    if (outcome?.ok) showToast(outcome.toast);
  }, [outcome]);
}

/** True while a form whose `field` is `value` is being submitted or its page reloaded. */
export function usePendingSubmission(field: string, value: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get(field) === value;
}

/** A refusal beside its form, announced as it appears. */
export function FormAlert({ outcome, id }: { outcome: FormOutcome | undefined; id?: string }) {
  const error = outcome && !outcome.ok ? outcome.error : undefined;
  return (
    <p id={id} role="alert" className={error ? "mt-3 text-sm font-semibold text-warning" : "sr-only"}>
      {error ?? ""}
    </p>
  );
}

/**
 * A submit button that ignores further clicks while its form is pending (a second redemption
 * would spend points twice). aria-disabled, not disabled, so focus stays on it.
 */
export function SubmitButton({ pending, variant = "primary", children }: { pending: boolean; variant?: ButtonStyle; children: ReactNode }) {
  return (
    <button
      type="submit"
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
      className={`${buttonClasses(variant)} aria-disabled:cursor-wait aria-disabled:opacity-70`}
    >
      {children}
    </button>
  );
}

/** Labels and fields of the member areas' forms: brass-deep borders (WCAG 1.4.11), brass focus. */
export const memberLabelClasses = "block text-sm font-semibold uppercase tracking-[0.18em] text-brass";
export const memberInputClasses =
  "mt-2 w-full rounded-sm border border-brass-deep bg-night px-3 py-2.5 text-cream focus:border-brass aria-invalid:border-ember";
