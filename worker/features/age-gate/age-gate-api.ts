import { Hono } from "hono";
import { z } from "zod";
import { AGE_GATE_COOKIE, ageGateStage, type AgeGateAnswer, type AgeGateCookie } from "#app/features/age-gate/age-gate-stage.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { club } from "#app/features/site/site-config.ts";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { recordAgeGateAnswer, type AgeGateAuditAnswer } from "./age-gate-audit.ts";
import { checkFormRateLimit, networkLimits } from "#worker/shared/rate-limit.ts";
import { cookieHeader, readCookie } from "#worker/shared/cookies.ts";
import { limitBody, tooManySubmissions } from "#worker/http/guards.ts";

/**
 * POST /api/age-gate — the opener's answers (docs/product-rules.md#age-gate). A plain form post, so the gate works
 * without JavaScript: it answers 303 back to the page (or, for "under 21", on to the quit
 * resources, in the new tab the form opened). Scripts send the same form with
 * `Accept: application/json` and get the next stage instead of a redirect.
 */
export const ageGate = new Hono<AppBindings>();

const ageGateAnswerSchema = z.object({
  answer: z.enum(["yes", "no", "enter"]),
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
  returnTo: z.string().max(2048).optional(),
}) satisfies z.ZodType<AgeGateAnswer>;

const auditAnswer: Record<"yes" | "no" | "enter", AgeGateAuditAnswer> = {
  yes: "verified",
  no: "under_age",
  enter: "entered",
};

ageGate.post("/", limitBody(4 * 1024), async (c) => {
  if (!c.req.header("Content-Type")?.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    return c.json({ error: "Send the age gate form as application/x-www-form-urlencoded" }, 415);
  }
  // A visitor answers two or three times per browser session; the limit only stops a script
  // from filling the audit trail. Generous, because whole offices share one address.
  const { config, signingKey, clientNetwork } = c.var.requestContext;
  const limits = await networkLimits(signingKey, "age-gate", clientNetwork, 60 * config.FORM_RATE_LIMIT_MULTIPLIER);
  const decision = await checkFormRateLimit(c.env.RATE_LIMITS, limits);
  if (!decision.allowed) return tooManySubmissions(c, decision);
  // Empty fields count as absent: without JavaScript the form's sessionId field stays empty.
  const fields = [...new URLSearchParams(await c.req.text())].filter(([, value]) => value !== "");
  const parsed = ageGateAnswerSchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) return c.json({ error: "Invalid age gate answer" }, 400);
  const { answer, returnTo } = parsed.data;
  // The intro cannot be entered before the age question is answered, here too.
  const answered = readCookie(c.req.raw, AGE_GATE_COOKIE);
  if (answer === "enter" && answered !== "verified" && answered !== "entered") {
    return c.json({ error: "Answer the age question first" }, 409);
  }

  // A visitor without JavaScript has no browser session id; the audit row still gets one.
  const sessionId = parsed.data.sessionId ?? crypto.randomUUID();
  // Stored after the answer is sent: the audit trail never holds a visitor at the door.
  c.executionCtx.waitUntil(
    recordAgeGateAnswer(c.env.DB, { sessionId, answer: auditAnswer[answer], userAgent: c.req.header("User-Agent") ?? null }).catch(
      (error: unknown) => console.error("age gate: audit record failed", error),
    ),
  );

  const origin = new URL(c.req.url).origin;
  const returnPath = safeRedirectPath(returnTo, origin);
  if (answer !== "no") {
    const value: AgeGateCookie = answer === "yes" ? "verified" : "entered";
    // No Max-Age: a session cookie, so a new browser session shows the opener again.
    c.header(
      "Set-Cookie",
      cookieHeader(AGE_GATE_COOKIE, value, { path: "/", httpOnly: true, sameSite: "Lax", secure: config.ENVIRONMENT === "production" }),
    );
  }

  if (c.req.header("Accept")?.includes("application/json")) {
    const cookie = answer === "yes" ? "verified" : answer === "enter" ? "entered" : null;
    return c.json({ stage: ageGateStage(cookie, new URL(returnPath, origin).pathname, false) });
  }
  return c.redirect(answer === "no" ? club.quitResourcesUrl : returnPath, 303);
});
