import { ArtImage } from "#app/ui/art-image.tsx";
import type { Lounge } from "../site-config.ts";

export interface LoungeDetail {
  label: string;
  value: string;
}

/** A lounge's picture beside its details (hours, neighborhood, seats...), each on a brass rule. */
export function LoungeRoom({ lounge, alt, details }: { lounge: Lounge; alt: string; details: readonly LoungeDetail[] }) {
  return (
    <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
      <ArtImage src={lounge.image} alt={alt} width={640} height={420} priority className="rounded-sm border border-cedar" />
      <dl className="grid gap-5">
        {details.map((detail) => (
          <div key={detail.label} className="border-l-2 border-brass-deep pl-5">
            <dt className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">{detail.label}</dt>
            <dd className="mt-1 text-smoke">{detail.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
