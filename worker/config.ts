import { z } from "zod";
import { membershipTierSlugs } from "#db/schema/members.ts";

const cardSigningKeySchema = z.object({
  kty: z.literal("EC"),
  crv: z.literal("P-256"),
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  y: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  d: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The Worker's configuration, validated once per isolate (Epic Stack: environment validated at
 * start-up). Secrets come from `wrangler secret` / .dev.vars and are optional locally: without
 * them the clearly labelled local stand-ins run, and they refuse to in production.
 */
const configSchema = z
  .object({
    ENVIRONMENT: z.enum(["development", "production"]),
    SITE_URL: z.url(),
    RECAPTCHA_SITE_KEY: z.string().default(""),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
    RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    RECAPTCHA_HOSTNAMES: z
      .string()
      .default("localhost")
      .transform((value) =>
        value
          .split(",")
          .map((hostname) => hostname.trim())
          .filter(Boolean),
      ),
    APP_SIGNING_KEY: z.string().min(32).optional(),
    /**
     * The club's member-card signing key: an ECDSA P-256 private key as a JWK (JSON), made with
     * `npm run card:signing-key` (docs/decisions/010-member-card-credential.md). Without it, locally,
     * the labelled development key stands in (worker/features/card/club-card-key.ts).
     */
    CARD_SIGNING_KEY: z
      .string()
      .optional()
      .or(z.literal("").transform(() => undefined))
      .transform((value, context) => {
        if (value === undefined) return undefined;
        const parsed = cardSigningKeySchema.safeParse(parseJson(value));
        if (parsed.success) return parsed.data;
        context.addIssue({ code: "custom", message: "CARD_SIGNING_KEY must be an EC P-256 private key as a JWK (kty, crv, x, y, d)" });
        return z.NEVER;
      }),
    /**
     * Raises every form limit and the daily SMS ceiling, for load tests and the end-to-end suite;
     * production refuses anything but 1 (docs/security.md#rate-limits).
     */
    FORM_RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
    /** SMS sends allowed per UTC day across everyone: each costs money (docs/security.md#rate-limits). */
    SMS_DAILY_CEILING: z.coerce.number().int().min(1).default(500),
    /** Twilio Verify. Without all three, the labelled local SMS stand-in runs. */
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_VERIFY_SERVICE_SID: z
      .string()
      .regex(/^VA[0-9a-fA-F]{32}$/)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    TWILIO_API_BASE: z.url().default("https://verify.twilio.com/v2"),
    /** 'Continue with Google': shown only when both are set. */
    GOOGLE_CLIENT_ID: z.string().default(""),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    CONCIERGE_EMAIL: z.email(),
    EMAIL_FROM: z.email(),
    /**
     * Stripe (docs/decisions/009-payment-provider.md). With the secret key, offers are paid through
     * Stripe Checkout and the webhook secret is required too; without it, the labelled local
     * stand-in runs in development, and production takes dues only as payments recorded at the lounge.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Where the Stripe SDK sends its calls: Stripe's API, or a fake of it in tests. */
    STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
    /**
     * Overrides the tiers' member caps of site-config.ts, as "platinum=40,business=120"
     * (docs/product-rules.md#capacity-and-waitlist): tiers not named keep their cap.
     */
    TIER_MEMBER_CAPS: z
      .string()
      .default("")
      .transform((value, context) => {
        const caps: Partial<Record<(typeof membershipTierSlugs)[number], number>> = {};
        for (const entry of value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)) {
          const match = /^(kickback|business|platinum)=(\d{1,5})$/.exec(entry);
          if (!match) {
            context.addIssue({ code: "custom", message: `"${entry}" is not tier=number (tiers: ${membershipTierSlugs.join(", ")})` });
            return z.NEVER;
          }
          caps[match[1] as (typeof membershipTierSlugs)[number]] = Number(match[2]);
        }
        return caps;
      }),
    /** GET /api/health answers 503 when a message has waited longer than this (docs/operators.md#deliveries-that-need-attention). */
    DELIVERY_ALERT_MINUTES: z.coerce.number().int().min(1).default(15),
  })
  .superRefine((config, context) => {
    // The browser uses Google when it has a site key; the Worker, when it has the secret. One
    // without the other makes every invitation fail, so they are set together or not at all.
    if (!config.RECAPTCHA_SITE_KEY !== !config.RECAPTCHA_SECRET_KEY) {
      context.addIssue({
        code: "custom",
        path: ["RECAPTCHA_SITE_KEY"],
        message: "set RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY together (Google), or neither (the local stand-in)",
      });
    }
    if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
      context.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set: a webhook is the only proof of payment",
      });
    }
    if (config.ENVIRONMENT !== "production") return;
    for (const secret of [
      "RECAPTCHA_SECRET_KEY",
      "APP_SIGNING_KEY",
      "CARD_SIGNING_KEY",
      "TWILIO_ACCOUNT_SID",
      "TWILIO_AUTH_TOKEN",
      "TWILIO_VERIFY_SERVICE_SID",
    ] as const) {
      if (!config[secret]) context.addIssue({ code: "custom", path: [secret], message: `${secret} is required in production` });
    }
    if (config.GOOGLE_CLIENT_ID && !config.GOOGLE_CLIENT_SECRET) {
      context.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set",
      });
    }
    if (!config.RECAPTCHA_SITE_KEY || config.RECAPTCHA_SITE_KEY.startsWith("replace-with")) {
      context.addIssue({ code: "custom", path: ["RECAPTCHA_SITE_KEY"], message: "set the real site key in production" });
    }
    // Stripe's test mode in production would admit members whose payments never happened, and a
    // fake API would answer whatever it is told (docs/security.md#payments).
    if (config.STRIPE_SECRET_KEY && !["sk_live_", "rk_live_"].some((prefix) => config.STRIPE_SECRET_KEY?.startsWith(prefix))) {
      context.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "STRIPE_SECRET_KEY must be a live key (sk_live_ or rk_live_) in production, not a test-mode key",
      });
    }
    if (config.STRIPE_API_BASE !== "https://api.stripe.com") {
      context.addIssue({
        code: "custom",
        path: ["STRIPE_API_BASE"],
        message: `STRIPE_API_BASE must be https://api.stripe.com in production (got ${config.STRIPE_API_BASE})`,
      });
    }
    // A test value left behind would raise every limit, and the SMS ceiling that bounds the bill.
    if (config.FORM_RATE_LIMIT_MULTIPLIER !== 1) {
      context.addIssue({
        code: "custom",
        path: ["FORM_RATE_LIMIT_MULTIPLIER"],
        message: `FORM_RATE_LIMIT_MULTIPLIER must be 1 in production (got ${config.FORM_RATE_LIMIT_MULTIPLIER}): it raises every rate limit and the daily SMS ceiling, for tests only`,
      });
    }
  });

export type WorkerConfig = z.infer<typeof configSchema>;

/**
 * Every rule above that the settings break, one "SETTING: message" line each, without throwing:
 * the deploy preflight (scripts/deploy-preflight.ts) checks an environment's vars with it offline.
 */
export function configProblems(settings: Record<string, unknown>): string[] {
  const result = configSchema.safeParse(settings);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const parsed = new WeakMap<object, WorkerConfig>();

export function workerConfig(env: Env): WorkerConfig {
  let config = parsed.get(env);
  if (!config) {
    config = configSchema.parse(env);
    parsed.set(env, config);
  }
  return config;
}

/**
 * The key for HMACs (captcha passes, address hashes). Locally, without the secret, a fixed
 * development key stands in; in production the config above already refused to start without it.
 */
export function signingKey(config: WorkerConfig): string {
  return config.APP_SIGNING_KEY ?? "local-development-signing-key-not-for-production";
}
