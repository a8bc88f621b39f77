import type { WorkerConfig } from "#worker/config.ts";
import { localPaymentsProvider } from "./local-payments.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { stripePayments } from "./stripe-payments.ts";

/**
 * Stripe when STRIPE_SECRET_KEY is set (worker/config.ts then requires the webhook secret too);
 * else the labelled local stand-in in development; null in production without Stripe: dues are
 * then taken only at the lounge (docs/decisions/009-payment-provider.md).
 */
export function paymentProviderFor(config: WorkerConfig, env: Pick<Env, "RATE_LIMITS" | "ENVIRONMENT">): PaymentProvider | null {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return stripePayments({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  if (config.ENVIRONMENT === "production") return null;
  return localPaymentsProvider(env);
}
