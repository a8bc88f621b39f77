import { Form } from "react-router";
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

/** The active rewards with their cost and a redeem button each. */
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

function RewardCard({ item, balance, outcome }: { item: RewardItemView; balance: number; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "itemId", value: item.id } });
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
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="itemId" value={item.id} />
        <SubmitButton pending={pending} variant="secondary">
          Redeem<span className="sr-only"> {item.name}</span>
        </SubmitButton>
        {shortfall > 0 ? <p className="text-sm text-smoke">{formatPoints(shortfall)} to go</p> : null}
      </Form>
      <FormAlert outcome={outcome} />
    </article>
  );
}
