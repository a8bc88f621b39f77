import { Link } from "react-router";
import { club, healthWarning } from "#app/features/site/site-config.ts";

/** The bar above the header: the tobacco-health disclaimer on every page. */
export function HealthWarningBar() {
  return (
    <aside aria-label="Health warning" className="border-b border-cedar bg-leather text-center text-xs text-warning">
      {/* The right padding is the accessibility button's room on narrow screens and at large text (accessibility-widget.tsx). */}
      <p className="mx-auto max-w-6xl px-5 py-2 pr-[64px] min-[480px]:pr-5 [html[data-a11y-large-text]_&]:pr-[64px]">
        <strong className="font-semibold">{healthWarning}</strong> <span className="text-smoke">Admission {club.minimumAge}+ only.</span>{" "}
        <Link to="/public-health" className="underline hover:text-cream">
          Health information
        </Link>
      </p>
    </aside>
  );
}
