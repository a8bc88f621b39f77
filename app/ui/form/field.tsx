import type { ReactNode } from "react";

/** Every form's labels: small brass capitals above the control. */
const labelClasses = "block text-sm font-semibold uppercase tracking-[0.18em] text-brass";

/**
 * The text fields of the member and concierge pages: brass-deep borders (4.9:1 against the field,
 * WCAG 1.4.11) so they can be seen, the site's brass on focus, ember when invalid.
 */
export const inputClasses =
  "mt-2 w-full rounded-sm border border-brass-deep bg-night px-3 py-2.5 text-cream focus:border-brass aria-invalid:border-ember";

/** What the control inside a Field needs to be labelled and described. */
export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * One form field: its label, the control (the render prop gets the id and aria attributes to
 * spread on it), an optional hint and the inline error. `error` given (a message, or undefined
 * while there is none) keeps a line for the message, so one appearing moves nothing, and marks the
 * control invalid; leave it out when a form shows its refusals elsewhere (then `invalid` and
 * `describedBy` point the control at that message). `describedBy` also names text outside the
 * field that describes it.
 */
export function Field(props: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Announce the message as it changes (for fields checked while the visitor types). */
  announceError?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const { id, label, hint, error, announceError, describedBy, className, children } = props;
  const hasErrorLine = "error" in props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [describedBy, hint ? hintId : null, hasErrorLine ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {children({ id, "aria-invalid": error || props.invalid ? true : undefined, "aria-describedby": described || undefined })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-smoke">
          {hint}
        </p>
      ) : null}
      {hasErrorLine ? (
        <p id={errorId} aria-live={announceError ? "polite" : undefined} className={`${hint ? "" : "mt-1.5 "}min-h-5 text-sm text-warning`}>
          {error ?? ""}
        </p>
      ) : null}
    </div>
  );
}
