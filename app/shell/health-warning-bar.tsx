import { Link } from "react-router";
import { club, healthWarning } from "#app/features/site/site-config.ts";

/** The bar above the header: the tobacco-health disclaimer on every page. */
export function HealthWarningBar() {
  return (
    <aside aria-label="Health warning" className="border-b border-cedar bg-leather text-center text-xs text-warning">
      <p className="mx-auto max-w-6xl px-5 py-2">
        <strong className="font-semibold">{healthWarning}</strong> <span className="text-smoke">Admission {club.minimumAge}+ only.</span>{" "}
        <Link to="/public-health" className="underline hover:text-cream">
          Health information
        </Link>
      </p>
    </aside>
  );
}
