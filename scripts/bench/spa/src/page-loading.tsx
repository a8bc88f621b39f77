/**
 * What the original product's single-page app showed while a page's code loaded: 'Loading...' where the page
 * goes, inside the header and footer. (Later navigations keep the old page and show the site's own
 * NavigationStatus bar instead, as on the real site.)
 */
export function PageLoading() {
  return (
    <p role="status" className="px-5 py-24 text-center text-lg text-smoke">
      Loading...
    </p>
  );
}
