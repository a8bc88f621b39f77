export interface LoungeSlot {
  when: string;
  what: string;
}

/** A lounge's day, evening or week, in time order: when, in brass, then what happens. */
export function LoungeTimetable({ slots, columns }: { slots: readonly LoungeSlot[]; columns: string }) {
  return (
    <ol className={`grid gap-6 ${columns}`}>
      {slots.map((slot) => (
        <li key={slot.when} className="rounded-sm border border-cedar bg-night p-6">
          <h3 className="text-2xl text-brass">{slot.when}</h3>
          <p className="mt-2 text-smoke">{slot.what}</p>
        </li>
      ))}
    </ol>
  );
}
