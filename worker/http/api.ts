import { Hono } from "hono";
import type { AppBindings } from "./app-bindings.ts";
import { ageGate } from "#worker/features/age-gate/age-gate-api.ts";
import { handleUnexpectedError } from "./errors.ts";
import { health } from "#worker/features/operations/health-api.ts";
import { passkeysApi } from "#worker/features/sign-in/passkeys-api.ts";
import { cardApi } from "#worker/features/card/card-api.ts";
import { paymentsWebhookApi } from "#worker/features/dues/payments-webhook-api.ts";
import { securityEventsApi } from "#worker/features/operations/security-events-api.ts";
import { sendExecutiveInvitationApi } from "#worker/features/executive-invitation/send-executive-invitation-api.ts";
import { sendSmsApi } from "#worker/features/sms-invitation/send-sms-api.ts";
import { verifyRecaptchaApi } from "#worker/features/executive-invitation/verify-recaptcha-api.ts";
import { verifySmsApi } from "#worker/features/sms-invitation/verify-sms-api.ts";

/** The JSON API under /api. One sub-app per resource (Cloudflare's templates). */
export const api = new Hono<AppBindings>();

api.route("/health", health);
api.route("/age-gate", ageGate);
api.route("/verify-recaptcha", verifyRecaptchaApi);
api.route("/send-executive-invitation", sendExecutiveInvitationApi);
api.route("/security-events", securityEventsApi);
api.route("/send-sms", sendSmsApi);
api.route("/verify-sms", verifySmsApi);
api.route("/passkeys", passkeysApi);
api.route("/card", cardApi);
api.route("/payments/webhook", paymentsWebhookApi);

// Registered last: any other /api path is a JSON 404, never a page from React Router.
api.all("*", (c) => c.json({ error: "Not found" }, 404));

api.onError(handleUnexpectedError);
