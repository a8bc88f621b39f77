import { Form } from "react-router";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { SubmitButton } from "#app/ui/form/form-outcome.tsx";

/** One filter of a console list: a choice ("All" first), or a search box. */
export type ConsoleFilter = { id: string; name: string; label: string; value: string | undefined; className?: string } & (
  { options: ReadonlyArray<{ value: string; label: string }> } | { search: { placeholder: string; maxLength: number } }
);

/**
 * A choice and a search box differ in height by their own padding and line: one height for both,
 * the Filter button's, so side by side their labels and edges line up.
 */
const controlClasses = `${inputClasses} h-11`;

/**
 * The filters above a console list: a GET form, so a filtered list has its own address. Keyed by
 * the query, so the fields show the filter of the list below after every navigation.
 */
export function ConsoleFilters({ label, className, filters }: { label: string; className: string; filters: ConsoleFilter[] }) {
  return (
    <Form method="get" role="search" aria-label={label} key={filters.map((filter) => filter.value ?? "").join("|")} className={className}>
      {filters.map((filter) => (
        <Field key={filter.id} id={filter.id} label={filter.label} className={filter.className}>
          {(control) =>
            "options" in filter ? (
              <select {...control} name={filter.name} defaultValue={filter.value ?? ""} className={controlClasses}>
                <option value="">All</option>
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...control}
                name={filter.name}
                type="search"
                defaultValue={filter.value ?? ""}
                maxLength={filter.search.maxLength}
                placeholder={filter.search.placeholder}
                className={controlClasses}
              />
            )
          }
        </Field>
      ))}
      <div>
        <SubmitButton variant="secondary">Filter</SubmitButton>
      </div>
    </Form>
  );
}
