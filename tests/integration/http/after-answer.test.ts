import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/context.ts";
import { createWorkerApp } from "#worker/app.ts";

/**
 * Work kept for after the answer (RequestContext.afterAnswer, docs/security.md#emailed-codes), through
 * the real Worker app: it starts only once the answer's body has been read to its end, so nothing
 * of it runs while the answer is made or sent.
 */
const origin = "http://example.com";
const steps: string[] = [];

const app = createWorkerApp(async (_request, context) => {
  context.get(requestContext).afterAnswer(async () => void steps.push("after the answer"));
  steps.push("answer made");
  return new Response("the code step, in several chunks ".repeat(2000));
});

describe("work after the answer", () => {
  it("starts once the answer's body has been read to its end, never while it is made or sent", async () => {
    steps.length = 0;
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${origin}/auth`), env, ctx);
    // Answered, and some turns later: still nothing of the work has run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(steps).toEqual(["answer made"]);
    const reader = response.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(steps).toEqual(["answer made"]);
    while (!(await reader.read()).done);
    await waitOnExecutionContext(ctx);
    expect(steps).toEqual(["answer made", "after the answer"]);
  });
});
