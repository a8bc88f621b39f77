/** A list marked with brass diamonds; className sets its spacing, width and text size. */
export function DiamondList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={`${className} text-smoke`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span aria-hidden="true" className="text-brass">
            ◆
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
