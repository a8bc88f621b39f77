import { Hono } from "hono";
import { z } from "zod";
import { EXECUTIVE_INVITATION_ACTION } from "#app/features/executive-invitation/invitation-request.ts";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { clientAddress } from "#worker/shared/client-address.ts";
import { issueCaptchaPass } from "./captcha/captcha-pass.ts";
import { verifyCaptcha } from "./captcha/verify-captcha.ts";
import { checkFormRateLimit, networkLimits } from "#worker/shared/rate-limit.ts";
import { limitBody, readJsonBody, requireJson, tooManySubmissions } from "#worker/http/guards.ts";

/** POST /api/verify-recaptcha {token} → {success, score, error?, captchaPass?}
 * (docs/product-rules.md#executive-invitation). */
export const verifyRecaptchaApi = new Hono<AppBindings>();

const verifyRequest = z.object({ token: z.string().min(1).max(4096) });

verifyRecaptchaApi.post("/", limitBody(8 * 1024), requireJson(), async (c) => {
  const { config, signingKey, clientNetwork, logSecurityEvent: log } = c.var.requestContext;

  // Rate limits come before any call to Google (docs/security.md#rate-limits).
  const decision = await checkFormRateLimit(
    c.env.RATE_LIMITS,
    await networkLimits(signingKey, "verify-recaptcha", clientNetwork, 10 * config.FORM_RATE_LIMIT_MULTIPLIER),
    15,
  );
  if (!decision.allowed) {
    if (decision.firstRefusal) {
      log({
        eventType: "excess_rate_limit_exceeded",
        severity: "medium",
        description: "captcha verifications over the limit",
      });
    }
    return tooManySubmissions(c, decision);
  }

  const parsed = verifyRequest.safeParse(await readJsonBody(c));
  if (!parsed.success) return c.json({ success: false, score: null, error: "A captcha token is required" }, 400);

  const verdict = await verifyCaptcha(config, c.env, {
    token: parsed.data.token,
    expectedAction: EXECUTIVE_INVITATION_ACTION,
    remoteIp: clientAddress(c.req.raw),
  });
  if (!verdict.success) {
    log({
      eventType: "authn_captcha_fail",
      severity: "medium",
      description: "captcha verification failed",
      details: { reason: verdict.error, score: verdict.score },
    });
    return c.json({ success: false, score: verdict.score, error: "Security verification failed" });
  }
  return c.json({
    success: true,
    score: verdict.score,
    captchaPass: await issueCaptchaPass(signingKey, EXECUTIVE_INVITATION_ACTION, verdict.score),
  });
});
