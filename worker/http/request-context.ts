import { signingKey, workerConfig, type WorkerConfig } from "#worker/config.ts";
import { clientNetwork } from "#worker/shared/client-address.ts";
import { logSecurityEvent, type SecurityEventInput } from "#worker/shared/security-events.ts";

/**
 * What every API handler, loader and action needs about the request it serves, made once per
 * request in worker/app.ts: the bindings, the validated configuration, the client's network and a
 * security-event logger already bound to the request. Hono handlers read it as
 * `c.var.requestContext`; React Router loaders and actions as `context.get(requestContext)`
 * (app/context.ts).
 */
export interface RequestContext {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  request: Request;
  config: WorkerConfig;
  /** The key for HMACs: captcha passes, signed cookies, hashed addresses in logs and limits. */
  signingKey: string;
  /** The client's IPv4 address or IPv6 /64, the unit limits count; "unknown" without CF-Connecting-IP. */
  clientNetwork: string;
  /** Writes a security event after the response (never breaks the request). */
  logSecurityEvent(event: SecurityEventInput): void;
  /**
   * Runs `task` once the answer has been sent (its body read to the end: worker/app.ts), under
   * waitUntil: work that must not change how long the answer takes, such as delivering a sign-in
   * code that only a member's email gets (docs/security.md#emailed-codes).
   */
  afterAnswer(task: () => Promise<unknown>): void;
}

/**
 * `answered` settles when the answer has been sent; the Worker's app passes it, while a test or a
 * cron without an answer to wait for runs the task next.
 */
export function createRequestContext(
  env: Env,
  ctx: RequestContext["ctx"],
  request: Request,
  answered: Promise<void> = Promise.resolve(),
): RequestContext {
  const config = workerConfig(env);
  const key = signingKey(config);
  return {
    env,
    ctx,
    request,
    config,
    signingKey: key,
    clientNetwork: clientNetwork(request) ?? "unknown",
    logSecurityEvent: (event) => logSecurityEvent(env, ctx, request, key, event),
    afterAnswer: (task) => ctx.waitUntil(answered.then(task)),
  };
}
