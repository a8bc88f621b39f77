import { Hono } from "hono";
import { z } from "zod";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { checkFormRateLimit } from "#worker/shared/rate-limit.ts";
import type { SecurityEventInput } from "#worker/shared/security-events.ts";
import { limitBody, readJsonBody, requireJson, tooManySubmissions } from "#worker/http/guards.ts";

/**
 * POST /api/security-events — what the browser may report (docs/security.md#logging). The client names one of a
 * few known problems; the server decides the event's name, severity and wording, so a script
 * cannot write arbitrary entries into the security log.
 */
export const securityEventsApi = new Hono<AppBindings>();

const reportable: Record<string, Omit<SecurityEventInput, "details" | "referrer">> = {
  captcha_unavailable: {
    eventType: "client_reported_error",
    severity: "medium",
    description: "the captcha script did not load in the browser",
  },
  captcha_token_failed: {
    eventType: "client_reported_error",
    severity: "medium",
    description: "the browser could not get a captcha token",
  },
  invitation_exception: {
    eventType: "invitation_request_error",
    severity: "high",
    description: "the invitation form failed unexpectedly in the browser",
  },
};

const clientReport = z.object({
  type: z.enum(Object.keys(reportable) as [string, ...string[]]),
  referrer: z.string().max(2048).optional(),
  detail: z.string().max(200).optional(),
});

securityEventsApi.post("/", limitBody(4 * 1024), requireJson(), async (c) => {
  const { config, clientNetwork, logSecurityEvent: log } = c.var.requestContext;
  const decision = await checkFormRateLimit(
    c.env.RATE_LIMITS,
    clientNetwork,
    "security-events",
    20 * config.FORM_RATE_LIMIT_MULTIPLIER,
    15,
  );
  if (!decision.allowed) return tooManySubmissions(c, decision);
  const report = clientReport.safeParse(await readJsonBody(c));
  if (!report.success) return c.json({ error: "Unknown security event" }, 400);
  log({
    ...reportable[report.data.type]!,
    referrer: report.data.referrer ?? null,
    details: report.data.detail ? { detail: report.data.detail } : {},
  });
  return c.json({ ok: true }, 202);
});
