import { colorFilters } from "./color-vision-filters.ts";

/**
 * The colour-blindness filters, defined once in the page. app/app.css applies one to <html> with
 * `filter: url(#…)` while `data-a11y-color-filter` names it. Markup attributes only, no styles.
 */
export function ColorFilters() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute overflow-hidden">
      <defs>
        {colorFilters.map((filter) => (
          <filter key={filter.id} id={filter.id} colorInterpolationFilters="linearRGB">
            <feColorMatrix type="matrix" values={filter.values} />
          </filter>
        ))}
      </defs>
    </svg>
  );
}
