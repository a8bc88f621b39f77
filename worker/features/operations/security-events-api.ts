import { Hono } from "hono";
import { z } from "zod";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { checkFormRateLimit, networkLimits } from "#worker/shared/rate-limit.ts";
import { urlWithoutQuery, type SecurityEventInput } from "#worker/shared/security-events.ts";
import { limitBody, readJsonBody, requireJson, tooManySubmissions } from "#worker/http/guards.ts";

/**
 * POST /api/security-events — what the browser may report (docs/security.md#logging). The client names one of a
 * few known problems; the server decides the event's name, severity and wording, so a script
 * cannot write arbitrary entries into the security log. What the browser did write (its detail and
 * referrer) is trimmed to one short line and stored apart, as the browser's words.
 */
export const securityEventsApi = new Hono<AppBindings>();

const reportable: Record<string, Omit<SecurityEventInput, "details" | "reportedByBrowser">> = {
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
  const { config, signingKey, clientNetwork, logSecurityEvent: log } = c.var.requestContext;
  const decision = await checkFormRateLimit(
    c.env.RATE_LIMITS,
    await networkLimits(signingKey, "security-events", clientNetwork, 20 * config.FORM_RATE_LIMIT_MULTIPLIER),
    15,
  );
  if (!decision.allowed) return tooManySubmissions(c, decision);
  const report = clientReport.safeParse(await readJsonBody(c));
  if (!report.success) return c.json({ error: "Unknown security event" }, 400);
  log({
    ...reportable[report.data.type]!,
    reportedByBrowser: {
      detail: oneShortLine(report.data.detail, 100),
      referrer: oneShortLine(urlWithoutQuery(report.data.referrer ?? null) ?? undefined, 200),
    },
  });
  return c.json({ ok: true }, 202);
});

/**
 * Text from the browser as one short line: control and invisible formatting characters (bidi
 * overrides, zero-width spaces) removed, whitespace collapsed, cut at `maxLength` with an ellipsis.
 */
function oneShortLine(text: string | undefined, maxLength: number): string | null {
  const line = (text ?? "")
    .replace(/\p{Cf}/gu, "")
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim();
  // Cut by characters, not UTF-16 units, so an emoji is never halved.
  const characters = [...line];
  if (characters.length === 0) return null;
  return characters.length > maxLength ? `${characters.slice(0, maxLength).join("").trimEnd()}…` : line;
}
