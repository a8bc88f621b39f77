import { Link } from "react-router";

/** The guest card of /members (docs/product-rules.md#guests): the allowance, the next guest, and the way to /members/guests. */
export function GuestSummary({ allowance, next }: { allowance: string; next: { guestName: string; dayLabel: string } | null }) {
  return (
    <div className="rounded-sm border border-cedar bg-night p-6">
      <p className="text-cream">{allowance}</p>
      <p className="mt-3 text-smoke">
        {next ? (
          <>
            Next: <strong className="text-cream">{next.guestName}</strong> on {next.dayLabel}.
          </>
        ) : (
          "No guests registered."
        )}
      </p>
      <p className="mt-4">
        <Link to="/members/guests" className="text-brass underline hover:text-cream">
          Register or cancel a guest
        </Link>
      </p>
    </div>
  );
}
