/** First focusable element on every page (docs/product-rules.md#layout-header-and-footer): jumps past the header to #main-content. */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-sm focus:bg-brass focus:px-4 focus:py-3 focus:font-semibold focus:text-night"
    >
      Skip to main content
    </a>
  );
}
