/** The Worker's dues services for the billing and payments pages (decision 006). */
export { findDuesStanding, loadMembershipBilling, loungeDue } from "#worker/features/dues/membership-billing.ts";
export {
  findPayers,
  listRecentLoungePayments,
  recordLoungePayment,
  type RecordedPaymentOutcome,
} from "#worker/features/dues/recorded-payments.ts";
export { changeMembershipTier, type TierChangeOutcome } from "#worker/features/dues/tier-changes.ts";
export { paymentProviderFor } from "#worker/features/dues/payment-provider-for.ts";
