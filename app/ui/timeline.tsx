export interface TimelineEntry {
  /** A small brass line above the title: a month, or the minutes of a sit-down. */
  label?: string;
  title: string;
  body: string;
}

/** Steps or dated events in order, each on a brass rule: blender evenings, how membership begins. */
export function Timeline({ entries, columns }: { entries: readonly TimelineEntry[]; columns: string }) {
  return (
    <ol className={`grid gap-6 ${columns}`}>
      {entries.map((entry) => (
        <li key={entry.title} className="border-l-2 border-brass-deep pl-5">
          {entry.label ? <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">{entry.label}</p> : null}
          <h3 className={entry.label ? "mt-2 text-2xl text-cream" : "text-2xl text-cream"}>{entry.title}</h3>
          <p className="mt-2 text-smoke">{entry.body}</p>
        </li>
      ))}
    </ol>
  );
}
