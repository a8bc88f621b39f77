import { Link } from "react-router";

/**
 * Above every member page while the member's dues are past due (docs/product-rules.md#billing-renewals-and-lapses):
 * when the grace period ends and where to pay. Not shown on the billing page itself, which says it.
 * A plain block, not a landmark: it sits inside the page's main content, where a complementary
 * landmark would not be top level (axe).
 */
export function DuesBanner({ graceEndsLabel }: { graceEndsLabel: string | null }) {
  return (
    <div className="border-b border-ember bg-humidor">
      <p className="mx-auto max-w-6xl px-5 py-3 text-cream">
        <strong className="font-semibold">Your dues are past due.</strong>{" "}
        {graceEndsLabel ? `Your membership continues until ${graceEndsLabel}. ` : ""}
        <Link to="/members/billing" className="font-semibold text-brass underline underline-offset-4 hover:text-cream">
          Pay on your Membership &amp; Billing page
        </Link>
        , or see the concierge at the lounge.
      </p>
    </div>
  );
}
