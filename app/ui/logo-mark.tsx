/** The society's mark: an ember-tipped cigar across an oak leaf, drawn in brass. */
export function LogoMark({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M24 9c5 4 8 9 8 15s-3 11-8 15c-5-4-8-9-8-15s3-11 8-15Z" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M24 12v27" stroke="currentColor" strokeWidth="1.2" />
      <rect
        x="9"
        y="29"
        width="26"
        height="5"
        rx="2.5"
        transform="rotate(-28 22 31.5)"
        fill="#2a1e16"
        stroke="currentColor"
        strokeWidth="1.2"
      />
      <circle cx="35.2" cy="24.4" r="2" fill="#e0773d" />
    </svg>
  );
}
