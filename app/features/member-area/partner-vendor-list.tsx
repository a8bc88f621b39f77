export interface PartnerVendorView {
  id: string;
  name: string;
  category: string;
  description: string;
  memberOffer: string;
  website: string | null;
}

/** The partner vendors and their member offers. */
export function PartnerVendorList({ vendors }: { vendors: PartnerVendorView[] }) {
  if (vendors.length === 0)
    return <p className="text-smoke">The concierge is renewing this year's offers. Ask at the office in the meantime.</p>;
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {vendors.map((vendor) => (
        <li key={vendor.id} className="flex flex-col rounded-sm border border-cedar p-6">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">{vendor.category}</p>
          <h3 className="mt-2 text-2xl text-cream">{vendor.name}</h3>
          <p className="mt-3 flex-1 text-smoke">{vendor.description}</p>
          <p className="mt-4 border-t border-cedar pt-4 text-cream">
            <span className="text-brass">Member offer: </span>
            {vendor.memberOffer}
          </p>
          {vendor.website ? (
            <p className="mt-3">
              <a
                href={vendor.website}
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center text-brass underline hover:text-cream"
              >
                Visit {vendor.name}
              </a>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
