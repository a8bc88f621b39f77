import { Link } from "react-router";

/** The member's tier and locker, on /members; the locker's page is /members/locker (docs/product-rules.md#lockers). */
export function MembershipSummary({ tierName, locker }: { tierName: string; locker: { title: string; detail: string } | null }) {
  return (
    <dl className="grid gap-6 sm:grid-cols-2">
      <div className="rounded-sm border border-cedar p-6">
        <dt className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">Membership tier</dt>
        <dd className="mt-2 font-display text-3xl text-cream">{tierName}</dd>
      </div>
      <div className="rounded-sm border border-cedar p-6">
        <dt className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">Your locker</dt>
        <dd className="mt-2">
          <span className="font-display text-3xl text-cream">{locker?.title ?? "No locker yet"}</span>
          {locker?.detail ? <span className="mt-1 block text-smoke">{locker.detail}</span> : null}
          <Link to="/members/locker" className="mt-3 inline-block text-brass underline underline-offset-4 hover:text-cream">
            Your locker page
          </Link>
        </dd>
      </div>
    </dl>
  );
}
