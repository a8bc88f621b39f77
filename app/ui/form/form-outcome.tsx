import { useEffect, type ButtonHTMLAttributes, type ReactNode } from "react";
import { buttonClasses, type ButtonStyle } from "../button-link.tsx";
import { showToast } from "../toast/toast-store.ts";
import type { ActionResult } from "#app/lib/form-result.ts";

/** Raises the toast of a successful submission, once per answer. */
export function useOutcomeToast(outcome: ActionResult | undefined): void {
  useEffect(() => {
    if (outcome?.ok) showToast(outcome.toast);
  }, [outcome]);
}

/** A refusal beside its form, announced as it appears. */
export function FormAlert({ outcome, id }: { outcome: ActionResult | undefined; id?: string }) {
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
export function SubmitButton({
  pending = false,
  variant = "primary",
  children,
  ...button
}: { pending?: boolean; variant?: ButtonStyle; children: ReactNode } & Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "name" | "value" | "aria-describedby"
>) {
  return (
    <button
      {...button}
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
