import { lounges } from "#app/features/site/site-config.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";

/** The console forms' choice of one of the club's lounges (an event, a course term, a sit-down slot), sent as `lounge`. */
export function LoungeSelect({
  id,
  error,
  defaultValue,
  required,
}: {
  id: string;
  error: string | undefined;
  defaultValue?: string;
  required?: boolean;
}) {
  return (
    <Field id={id} label="Lounge" error={error}>
      {(control) => (
        <select {...control} name="lounge" defaultValue={defaultValue} required={required} className={inputClasses}>
          <option value="">Choose a lounge</option>
          {lounges.map((lounge) => (
            <option key={lounge.slug} value={lounge.slug}>
              {lounge.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
