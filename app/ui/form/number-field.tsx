import type { ReactNode } from "react";
import { Field, inputClasses } from "./field.tsx";

/**
 * A whole-number field (places, seats, hours, minutes): the numeric keypad on phones, its bounds
 * on the control. Always keeps its line for an inline error (Field's `error`).
 */
export function NumberField({
  id,
  label,
  hint,
  error,
  className,
  name,
  min,
  max,
  step,
  defaultValue,
  required,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  className?: string;
  name: string;
  min: number;
  max: number;
  step?: number;
  defaultValue?: string | number;
  required?: boolean;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          defaultValue={defaultValue}
          required={required}
          className={inputClasses}
        />
      )}
    </Field>
  );
}
