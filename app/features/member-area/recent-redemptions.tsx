import { formatPoints } from "./reward-catalogue.tsx";

export interface RedemptionView {
  id: number;
  itemName: string;
  points: number;
  createdAt: string;
  /** The Portland date, formatted on the server. */
  dateLabel: string;
}

/** The member's latest redemptions, newest first. */
export function RecentRedemptions({ redemptions }: { redemptions: RedemptionView[] }) {
  if (redemptions.length === 0) return <p className="text-smoke">Nothing redeemed yet. Your first reward is waiting above.</p>;
  return (
    <ul className="max-w-3xl divide-y divide-cedar border-y border-cedar">
      {redemptions.map((redemption) => (
        <li key={redemption.id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3">
          <span className="text-cream">{redemption.itemName}</span>
          <span className="text-sm text-smoke">
            {formatPoints(redemption.points)} on <time dateTime={redemption.createdAt}>{redemption.dateLabel}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
