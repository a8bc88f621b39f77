import type { ReactNode } from "react";

/**
 * A console list as a table with a caption. Wide tables scroll sideways inside a focusable region
 * named by the caption, so keyboard users can scroll it too (WCAG 2.1.1). The region's width
 * comes from the page, never from the table (contain: inline-size): inside a grid or flex item the
 * table's minimum width would otherwise widen the item, and the page with it, past a phone's screen.
 * The region is positioned, so the visually hidden labels in its cells (absolutely positioned) stay
 * inside it rather than widening the page from where the scrolled table puts them.
 */
export function ConsoleTable({ id, caption, columns, children }: { id: string; caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={`${id}-caption`}
      tabIndex={0}
      className="mt-6 relative overflow-x-auto rounded-sm border border-cedar [contain:inline-size]"
    >
      <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
        <caption id={`${id}-caption`} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-humidor">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold uppercase tracking-[0.12em] text-brass">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-cedar">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClasses = "px-4 py-3 align-top text-cream";
