import type { Route } from "./+types/waitlists";
import { conciergeMeta, formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { cellClasses, ConsoleTable } from "#app/features/concierge/console-table.tsx";
import { tierBySlug } from "#app/features/site/site-config.ts";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { tierPlacesOverview } from "#app/features/admissions/admissions.server.ts";

export const meta: Route.MetaFunction = () => conciergeMeta("Waitlists");

/**
 * Each tier's places (docs/product-rules.md#decisions-capacity-and-waitlist): its cap, the places
 * taken, the open offers and the waitlist with positions.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, config } = context.get(requestContext);
  const tiers = await tierPlacesOverview(env.DB, config);
  return {
    tiers: tiers.map((tier) => ({
      slug: tier.tier,
      name: tierBySlug(tier.tier).name,
      cap: tier.cap,
      taken: tier.taken,
      offers: tier.offers.map((offer) => ({ id: offer.id, name: offer.name, untilLabel: formatConsoleTime(offer.offerExpiresAt) ?? "" })),
      waitlist: tier.waitlist.map((waiting, index) => ({
        id: waiting.id,
        position: index + 1,
        name: waiting.name,
        sinceLabel: formatConsoleTime(waiting.waitlistedAt) ?? "",
      })),
    })),
  };
}

export default function ConciergeWaitlists({ loaderData }: Route.ComponentProps) {
  return (
    <Section id="waitlists" eyebrow="Admissions" title="Waitlists">
      <p className="text-smoke">
        A place is taken by each member whose dues have not lapsed and by each open offer. When one frees, the first in line is offered it
        for 7 days.
      </p>
      <div className="mt-6 grid gap-10">
        {loaderData.tiers.map((tier) => (
          <section key={tier.slug} aria-labelledby={`tier-${tier.slug}`}>
            <h3 id={`tier-${tier.slug}`} className="text-2xl text-cream">
              {tier.name}
            </h3>
            <p className="mt-1 text-smoke">
              {tier.taken} of {tier.cap} places taken
              {tier.taken >= tier.cap ? " (full)" : `; ${tier.cap - tier.taken} free`}. {tier.offers.length}{" "}
              {tier.offers.length === 1 ? "open offer" : "open offers"}, {tier.waitlist.length} waiting.
            </p>
            {tier.offers.length > 0 ? (
              <ConsoleTable
                id={`offers-${tier.slug}`}
                caption={`Open ${tier.name} offers, soonest to end first`}
                columns={["Applicant", "Offer open until"]}
              >
                {tier.offers.map((offer) => (
                  <tr key={offer.id}>
                    <td className={cellClasses}>{offer.name}</td>
                    <td className={cellClasses}>{offer.untilLabel}</td>
                  </tr>
                ))}
              </ConsoleTable>
            ) : null}
            {tier.waitlist.length > 0 ? (
              <ConsoleTable
                id={`waitlist-${tier.slug}`}
                caption={`${tier.name} waitlist, next in line first`}
                columns={["Position", "Applicant", "Waiting since"]}
              >
                {tier.waitlist.map((waiting) => (
                  <tr key={waiting.id}>
                    <td className={cellClasses}>{waiting.position}</td>
                    <td className={cellClasses}>{waiting.name}</td>
                    <td className={cellClasses}>{waiting.sinceLabel}</td>
                  </tr>
                ))}
              </ConsoleTable>
            ) : null}
          </section>
        ))}
      </div>
    </Section>
  );
}
