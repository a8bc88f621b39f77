import { Form } from "react-router";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";

export interface RewardItemView {
  id: string;
  name: string;
  description: string;
  pointsCost: number;
}

export const formatPoints = (points: number) => `${points.toLocaleString("en-US")} points`;

/** The active rewards with their cost, and a way to redeem each the member can afford. */
export function RewardCatalogue({
  items,
  balance,
  outcome,
}: {
  items: RewardItemView[];
  balance: number;
  outcome: ActionResult | undefined;
}) {
  if (items.length === 0) return <p className="text-smoke">The catalogue is being restocked. Ask the concierge what is coming.</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {items.map((item) => (
        <li key={item.id}>
          <RewardCard item={item} balance={balance} outcome={outcome?.form === `reward:${item.id}` ? outcome : undefined} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One reward: 'Redeem' is a link to its confirmation (`?redeem=<id>`, so it works without a
 * script); an item the balance cannot cover says why and has no button
 * (docs/product-rules.md#member-area). The outcome of a redemption refused by a race shows here.
 */
function RewardCard({ item, balance, outcome }: { item: RewardItemView; balance: number; outcome: ActionResult | undefined }) {
  const shortfall = item.pointsCost - balance;
  return (
    <article aria-labelledby={`reward-${item.id}-name`} className="flex h-full flex-col rounded-sm border border-cedar bg-night p-5">
      <div className="flex items-start justify-between gap-6">
        <h3 id={`reward-${item.id}-name`} className="font-sans text-base font-semibold text-cream">
          {item.name}
        </h3>
        <p className="shrink-0 font-display text-2xl text-brass">{formatPoints(item.pointsCost)}</p>
      </div>
      <p className="mt-1 flex-1 text-sm text-smoke">{item.description}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {shortfall > 0 ? (
          <p className="text-sm text-smoke">
            Unavailable: {shortfall.toLocaleString("en-US")} more {shortfall === 1 ? "point" : "points"} needed
          </p>
        ) : (
          <ButtonLink to={`?redeem=${encodeURIComponent(item.id)}#${REDEMPTION_CONFIRMATION_ID}`} variant="secondary">
            Redeem<span className="sr-only"> {item.name}</span>
          </ButtonLink>
        )}
      </div>
      <FormAlert outcome={outcome} />
    </article>
  );
}

/** The confirmation's form: a link's target (`#…`), so the step scrolls into view and takes the focus. */
const REDEMPTION_CONFIRMATION_ID = "confirm-redemption";

export interface RedemptionConfirmationView {
  item: RewardItemView;
  balanceBefore: number;
  balanceAfter: number;
}

/**
 * The second step of a redemption: the item, the balance before and after, 'Confirm Redemption'
 * (the post) and 'Keep My Points' (back to the shop, nothing spent). It posts to /rewards itself,
 * so the page after it no longer asks.
 */
export function RedemptionConfirmation({ confirmation }: { confirmation: RedemptionConfirmationView }) {
  const { item, balanceBefore, balanceAfter } = confirmation;
  const { pending } = usePendingSubmission({ sentWith: { field: "itemId", value: item.id } });
  return (
    <Form
      method="post"
      action="/rewards"
      id={REDEMPTION_CONFIRMATION_ID}
      tabIndex={-1}
      preventScrollReset
      aria-labelledby="confirm-redemption-title"
    >
      <input type="hidden" name="itemId" value={item.id} />
      <p id="confirm-redemption-title" className="font-semibold text-cream">
        Redeem {item.name} for {formatPoints(item.pointsCost)}?
      </p>
      <p id="confirm-redemption-balance" className="mt-2 text-smoke">
        Your balance goes from {formatPoints(balanceBefore)} to {formatPoints(balanceAfter)}.
      </p>
      <div className="mt-6 flex flex-wrap gap-4">
        <SubmitButton pending={pending} aria-describedby="confirm-redemption-balance">
          Confirm Redemption
        </SubmitButton>
        <ButtonLink to="/rewards" variant="quiet">
          Keep My Points
        </ButtonLink>
      </div>
    </Form>
  );
}
