import { useId, type ReactNode } from "react";

/**
 * The dashboard's charts: plain SVG drawn on the server, no chart library and no script
 * (docs/product-rules.md#dashboard). Each is an image with a name and a one-sentence summary
 * (role="img", <title> and <desc>), and its numbers follow in a table under "The figures", so the
 * text alternative holds every value (WCAG 1.1.1). Colours are the site's palette through CSS
 * (fill-brass, …), so the high-contrast theme recolours them too. The viewBox is about a phone's
 * width, so on a phone its 13-unit labels are read at about 11 pixels, and on a wide screen the
 * chart grows with its column.
 */
const WIDTH = 360;
const labelClasses = "fill-smoke text-[13px]";

export interface Column {
  /** Under the bar (shown for every `labelEvery`-th column and the last). */
  label: string;
  /** The full name in the table, e.g. "Week of November 16". */
  name: string;
  value: number;
  /** The value as read, e.g. "$1,250"; the number when left out. */
  valueLabel?: string;
}

/** Vertical bars over time, the newest on the right, the value over each bar that has one. */
export function ColumnChart({
  title,
  summary,
  columns,
  valueHeading,
  periodHeading,
  labelEvery = 1,
  emptyText,
}: {
  title: string;
  /** Said in the chart when every column is zero. */
  emptyText: string;
  summary: string;
  columns: Column[];
  valueHeading: string;
  periodHeading: string;
  labelEvery?: number;
}) {
  const id = useId();
  const height = 200;
  const top = 20;
  const bottom = 28;
  // Room at the sides for the first and last labels, centred under their bars.
  const side = 18;
  const plot = height - top - bottom;
  const max = Math.max(1, ...columns.map((column) => column.value));
  const empty = columns.every((column) => column.value === 0);
  const step = (WIDTH - 2 * side) / columns.length;
  const barWidth = Math.max(6, step * 0.62);
  return (
    <ChartFigure title={title}>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="block h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1="0" x2={WIDTH} y1={top + plot + 0.5} y2={top + plot + 0.5} className="stroke-smoke/50" strokeWidth="1" />
        {columns.map((column, index) => {
          const barHeight = column.value > 0 ? Math.max(2, (column.value / max) * plot) : 0;
          const x = side + index * step + (step - barWidth) / 2;
          const center = side + index * step + step / 2;
          const labelled = index === columns.length - 1 || (columns.length - 1 - index) % labelEvery === 0;
          return (
            <g key={column.name}>
              {barHeight > 0 ? (
                <rect x={x} y={top + plot - barHeight} width={barWidth} height={barHeight} rx="1.5" className="fill-brass" />
              ) : null}
              {column.value !== 0 ? (
                <text x={center} y={top + plot - barHeight - 5} textAnchor="middle" className="fill-cream text-[12px] font-semibold">
                  {column.valueLabel ?? column.value}
                </text>
              ) : null}
              {labelled ? (
                <text x={center} y={height - 8} textAnchor="middle" className={labelClasses}>
                  {column.label}
                </text>
              ) : null}
            </g>
          );
        })}
        {empty ? (
          <text x={WIDTH / 2} y={top + plot / 2} textAnchor="middle" className={labelClasses}>
            {emptyText}
          </text>
        ) : null}
      </svg>
      <FigureTable
        caption={title}
        headings={[periodHeading, valueHeading]}
        rows={columns.map((column) => [column.name, column.valueLabel ?? String(column.value)])}
      />
    </ChartFigure>
  );
}

export interface Meter {
  label: string;
  /** The filled part, and an optional second part after it (e.g. offers beside held lockers). */
  value: number;
  extra?: number;
  /** The whole: a tier's cap, a lounge's lockers. */
  of: number;
  /** Read at the end of the row, e.g. "112 of 120". */
  reading: string;
  /** The table's cells after the label. */
  cells: string[];
}

/** One horizontal bar per row against its whole (a cap, a count of lockers), with an optional second part in ember; past the whole, the bar turns ember. */
export function MeterChart({
  title,
  summary,
  meters,
  headings,
  legend,
}: {
  title: string;
  summary: string;
  meters: Meter[];
  headings: string[];
  legend?: { value: string; extra?: string };
}) {
  const id = useId();
  const row = 50;
  const height = meters.length * row + (legend ? 24 : 0);
  return (
    <ChartFigure title={title}>
      <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} viewBox={`0 0 ${WIDTH} ${height}`} className="block h-auto w-full">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {meters.map((meter, index) => {
          const y = index * row;
          const whole = Math.max(1, meter.of, meter.value + (meter.extra ?? 0));
          const scale = (count: number) => (count / whole) * WIDTH;
          const over = meter.value > meter.of;
          return (
            <g key={meter.label}>
              <text x="0" y={y + 15} className="fill-cream text-[14px] font-semibold">
                {meter.label}
              </text>
              <text x={WIDTH} y={y + 15} textAnchor="end" className={labelClasses}>
                {meter.reading}
              </text>
              <rect x="0" y={y + 23} width={scale(meter.of)} height="14" rx="2" className="fill-leather stroke-smoke/60" strokeWidth="1" />
              <rect x="0" y={y + 23} width={scale(meter.value)} height="14" rx="2" className={over ? "fill-ember" : "fill-brass"} />
              {meter.extra ? (
                <rect x={scale(meter.value)} y={y + 23} width={scale(meter.extra)} height="14" className="fill-ember" />
              ) : null}
            </g>
          );
        })}
        {legend ? (
          <g transform={`translate(0 ${meters.length * row + 6})`}>
            <rect x="0" y="3" width="12" height="12" className="fill-brass" />
            <text x="18" y="14" className={labelClasses}>
              {legend.value}
            </text>
            {legend.extra ? (
              <>
                <rect x="90" y="3" width="12" height="12" className="fill-ember" />
                <text x="108" y="14" className={labelClasses}>
                  {legend.extra}
                </text>
              </>
            ) : null}
          </g>
        ) : null}
      </svg>
      <FigureTable caption={title} headings={headings} rows={meters.map((meter) => [meter.label, ...meter.cells])} />
    </ChartFigure>
  );
}

function ChartFigure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure className="rounded-sm border border-cedar bg-humidor p-5">
      <figcaption className="text-sm font-semibold uppercase tracking-[0.14em] text-brass">{title}</figcaption>
      <div className="mt-4">{children}</div>
    </figure>
  );
}

/** The chart's numbers, folded under "The figures" (open without script: a <details>). */
function FigureTable({ caption, headings, rows }: { caption: string; headings: string[]; rows: string[][] }) {
  return (
    <details className="mt-4 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-smoke underline-offset-4 hover:text-cream hover:underline">
        The figures
      </summary>
      <table className="mt-2 w-full border-collapse text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="border-b border-cedar py-2 pr-3 font-semibold text-brass">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest]) => (
            <tr key={first} className="border-b border-cedar/60">
              <th scope="row" className="py-1.5 pr-3 font-normal text-cream">
                {first}
              </th>
              {rest.map((cell, index) => (
                <td key={index} className="py-1.5 pr-3 tabular-nums text-cream">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
