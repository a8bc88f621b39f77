/** A circle with a bar: the members navigation shows /bosses-only only as this sign
 * (docs/product-rules.md#site). */
export function ProhibitionIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" className="inline-block">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <line x1="5.6" y1="18.4" x2="18.4" y2="5.6" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}
