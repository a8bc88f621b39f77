import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { setCookie } from "hono/cookie";
import { AGE_GATE_COOKIE, ageGateAnswerSchema, ageGateStage, type AgeGateCookie } from "../../app/lib/age-gate";
import { safeRedirectPath } from "../../app/lib/safe-redirect";
import { club } from "../../app/lib/site-config";
import type { AppBindings } from "../app-bindings";
import { recordAgeGateAnswer, type AgeGateAuditAnswer } from "../services/age-gate-audit";

/**
 * POST /api/age-gate — the opener's answers (issue 3). A plain form post, so the gate works
 * without JavaScript: it answers 303 back to the page (or, for "under 21", on to the quit
 * resources, in the new tab the form opened). Scripts send the same form with
 * `Accept: application/json` and get the next stage instead of a redirect.
 */
export const ageGate = new Hono<AppBindings>();

const auditAnswer: Record<"yes" | "no" | "enter", AgeGateAuditAnswer> = {
  yes: "verified",
  no: "under_age",
  enter: "entered",
};

ageGate.post(
  "/",
  bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.json({ error: "Request too large" }, 413) }),
  async (c) => {
    if (!c.req.header("Content-Type")?.startsWith("application/x-www-form-urlencoded")) {
      return c.json({ error: "Send the age gate form as application/x-www-form-urlencoded" }, 415);
    }
    // Empty fields count as absent: without JavaScript the form's sessionId field stays empty.
    const fields = [...new URLSearchParams(await c.req.text())].filter(([, value]) => value !== "");
    const parsed = ageGateAnswerSchema.safeParse(Object.fromEntries(fields));
    if (!parsed.success) return c.json({ error: "Invalid age gate answer" }, 400);
    const { answer, returnTo } = parsed.data;

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
      // No Max-Age: a session cookie, so a new browser session shows the opener again (spec §4).
      setCookie(c, AGE_GATE_COOKIE, value, {
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        secure: c.env.ENVIRONMENT === "production",
      });
    }

    if (c.req.header("Accept")?.includes("application/json")) {
      const cookie = answer === "yes" ? "verified" : answer === "enter" ? "entered" : null;
      return c.json({ stage: ageGateStage(cookie, new URL(returnPath, origin).pathname, false) });
    }
    return c.redirect(answer === "no" ? club.quitResourcesUrl : returnPath, 303);
  },
);
