import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { prefersReducedMotion } from "#app/features/accessibility/accessibility-settings.ts";
import { membersOnlyPaths } from "#app/features/site/public-paths.ts";

/** Navigations into member areas check membership on the server first
 * (docs/product-rules.md#member-area). */
function checksMembership(pathname: string): boolean {
  return [...membersOnlyPaths, "/concierge"].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * 'Loading...' while a navigation loads its route module and data (docs/product-rules.md#site), announced politely,
 * or 'Verifying membership...' when the navigation goes into a members-only area;
 * and the smooth scroll to the top on every route change (instant for reduced motion, asked for by
 * the device or by the accessibility settings). A link to a part of a page (`#cancel-booking`)
 * shows that part instead, below the sticky header (app/app.css), and gives it the focus when it
 * takes one (a confirmation step), so the keyboard and a screen reader go on from there.
 */
export function NavigationStatus() {
  const navigation = useNavigation();
  const { pathname, hash, key } = useLocation();
  const firstRender = useRef(true);
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const behavior = prefersReducedMotion() ? "auto" : "smooth";
    const part = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (part) {
      part.scrollIntoView({ block: "start", behavior });
      if (part.hasAttribute("tabindex")) part.focus({ preventScroll: true });
    } else if (pathname !== shownPath.current) {
      window.scrollTo({ top: 0, behavior });
    }
    shownPath.current = pathname;
    // Every navigation (its key), not only a new path: a second link to the same part scrolls too.
  }, [key, pathname, hash]);

  const loading = navigation.state === "loading";
  return (
    <div role="status" aria-live="polite" className={loading ? "fixed inset-x-0 top-0 z-50" : "sr-only"}>
      {loading ? (
        <p className="mx-auto w-fit rounded-b-sm bg-brass px-4 py-1.5 text-sm font-semibold text-night">
          {navigation.location && checksMembership(navigation.location.pathname) ? "Verifying membership..." : "Loading..."}
        </p>
      ) : null}
    </div>
  );
}
