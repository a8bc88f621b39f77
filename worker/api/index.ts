import { Hono } from "hono";
import type { AppBindings } from "../app-bindings";
import { ageGate } from "./age-gate";
import { handleUnexpectedError } from "../errors";
import { health } from "./health";
import { securityEventsApi } from "./security-events";
import { sendExecutiveInvitationApi } from "./send-executive-invitation";
import { sendSmsApi } from "./send-sms";
import { verifyRecaptchaApi } from "./verify-recaptcha";
import { verifySmsApi } from "./verify-sms";

/** The JSON API under /api. One sub-app per resource (Cloudflare's templates). */
export const api = new Hono<AppBindings>();

api.route("/health", health);
api.route("/age-gate", ageGate);
api.route("/verify-recaptcha", verifyRecaptchaApi);
api.route("/send-executive-invitation", sendExecutiveInvitationApi);
api.route("/security-events", securityEventsApi);
api.route("/send-sms", sendSmsApi);
api.route("/verify-sms", verifySmsApi);

// Registered last: any other /api path is a JSON 404, never a page from React Router.
api.all("*", (c) => c.json({ error: "Not found" }, 404));

api.onError(handleUnexpectedError);
