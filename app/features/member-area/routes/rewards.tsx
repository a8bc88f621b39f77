import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/rewards";
import { DiamondList } from "#app/ui/diamond-list.tsx";
import { useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import type { ActionResult } from "#app/lib/form-result.ts";
import { RecentRedemptions } from "../recent-redemptions.tsx";
import { formatPoints, RedemptionConfirmation, RewardCatalogue } from "../reward-catalogue.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { memberWithAcceptedRules, requireMemberWithAcceptedRules } from "../member-area.server.ts";
import { formatPortlandDate } from "../member-dates.ts";
import { redeemConfirmationQuery, redeemRewardForm } from "../member-forms.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "#app/features/site/site-config.ts";
import {
  findPointsBalance,
  listActiveRewardItems,
  listRecentRedemptions,
  redeemReward,
} from "#app/features/member-area/member-area.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Rewards Shop",
    description: `The ${club.name} Rewards Shop: members earn one point for every dollar of dues and lounge spend, redeemed for accessories, guest evenings and events.`,
  }),
  { name: "robots", content: "noindex" },
];

/**
 * The member's balance, the active catalogue and their recent redemptions, and with `?redeem=<id>`
 * the confirmation of that item when the balance covers it; null while the rules step shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  if (!member) return null;
  const { env } = context.get(requestContext);
  const [balance, items, redemptions] = await Promise.all([
    findPointsBalance(env.DB, member.id),
    listActiveRewardItems(env.DB),
    listRecentRedemptions(env.DB, member.id),
  ]);
  const { redeem } = redeemConfirmationQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const confirming = items.find((item) => item.id === redeem && item.pointsCost <= balance);
  return {
    balance,
    items,
    confirmation: confirming ? { item: confirming, balanceBefore: balance, balanceAfter: balance - confirming.pointsCost } : null,
    redemptions: redemptions.map((redemption) => ({ ...redemption, dateLabel: formatPortlandDate(redemption.createdAt) })),
  };
}

/** Redeems one item for the signed-in member (never a member id from the form). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireMemberWithAcceptedRules(request, context);
  const form = await readSubmission(request, redeemRewardForm, { form: "reward:" });
  if (!form.ok) return form.invalid;

  const { itemId } = form.data;
  const result = await redeemReward(context.get(requestContext).env.DB, member.id, itemId);
  if (!result.ok) {
    return result.reason === "not-enough-points"
      ? data<ActionResult>(
          { form: `reward:${itemId}`, ok: false, error: "You do not have enough points for this reward." },
          { status: 409 },
        )
      : data<ActionResult>({ form: `reward:${itemId}`, ok: false, error: "This reward is no longer in the catalogue." }, { status: 404 });
  }
  return data<ActionResult>({
    form: `reward:${itemId}`,
    ok: true,
    toast: {
      title: "Reward redeemed",
      description: `${result.item.name} for ${formatPoints(result.item.pointsCost)}. The concierge will have it ready for you. Balance: ${formatPoints(result.balance)}.`,
    },
  });
}

// A refusal means the page was out of date (balance spent elsewhere, item withdrawn): reload it.
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 || defaultShouldRevalidate;
}

const earningRules = [
  "One point for every dollar of dues, credited when each quarter's dues are paid.",
  "One point for every dollar spent in the lounges: the bar, the humidor, private rooms and event tickets.",
  "Spending by your guests counts too, when it is charged to your account.",
];

const houseTerms = [
  "Redeem here, with the concierge or at the bar of any lounge. The concierge has your reward ready at the lounge of your choice.",
  "Points have no cash value and cannot be transferred, sold or pooled with another member's.",
  "Federal rules forbid giving tobacco products away, so points are never exchanged for cigars. Nor are they exchanged for alcohol.",
  "Points stay yours while your membership is active, and lapse ninety days after it ends.",
];

export default function Rewards({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  return (
    <>
      <PageHero eyebrow="Rewards Shop" title="Loyalty, kept in good leather.">
        <p>
          Every quarter at {club.name} earns something back. Points come from the dues you already pay and the evenings you already spend
          with us, and they open the small luxuries and rare seats the club holds for its own.
        </p>
      </PageHero>

      {loaderData.confirmation ? (
        <Section id="redemption" eyebrow="Redeem" title="Confirm your redemption" tone="humidor">
          <RedemptionConfirmation confirmation={loaderData.confirmation} />
        </Section>
      ) : null}

      <Section id="balance" eyebrow="Your points" title="Points balance">
        <p className="font-display text-5xl text-brass">{formatPoints(loaderData.balance)}</p>
        <DiamondList items={earningRules} className="mt-8 max-w-3xl space-y-3" />
      </Section>

      <Section id="catalogue" eyebrow="The catalogue" title="What your points open" tone="humidor">
        <RewardCatalogue items={loaderData.items} balance={loaderData.balance} outcome={actionData} />
      </Section>

      <Section id="recent-redemptions" eyebrow="Your rewards" title="Recently redeemed">
        <RecentRedemptions redemptions={loaderData.redemptions} />
      </Section>

      <Section id="house-terms" eyebrow="The fine print" title="How redemption works" tone="humidor">
        <div className="prose-club">
          <ul>
            {houseTerms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          <p>
            Rewards follow the <Link to="/rules">Club Rules</Link> and the <Link to="/terms">Terms of Membership</Link>. For anything not in
            the catalogue, ask the concierge: a good request is rarely refused.
          </p>
        </div>
      </Section>
    </>
  );
}
