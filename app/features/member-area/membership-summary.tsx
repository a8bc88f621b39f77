/** The member's tier and quarterly locker, on /members. */
export function MembershipSummary({ tierName, locker }: { tierName: string; locker: { number: string; quarter: string | null } | null }) {
  return (
    <dl className="grid gap-6 sm:grid-cols-2">
      <div className="rounded-sm border border-cedar p-6">
        <dt className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">Membership tier</dt>
        <dd className="mt-2 font-display text-3xl text-cream">{tierName}</dd>
      </div>
      <div className="rounded-sm border border-cedar p-6">
        <dt className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">Quarterly locker</dt>
        {locker ? (
          <dd className="mt-2">
            <span className="font-display text-3xl text-cream">Locker {locker.number}</span>
            {locker.quarter ? <span className="mt-1 block text-smoke">Held for {locker.quarter}</span> : null}
          </dd>
        ) : (
          <dd className="mt-2 text-smoke">
            No locker assigned yet. The concierge assigns lockers at the start of each quarter; call the office to ask for one.
          </dd>
        )}
      </div>
    </dl>
  );
}
