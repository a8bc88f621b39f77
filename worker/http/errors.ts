import type { ErrorHandler } from "hono";
import type { AppBindings } from "./app-bindings.ts";
import { loggablePath } from "./request-log.ts";

/**
 * Unexpected failures: logged once, answered without internals (docs/security.md#errors). The API answers
 * JSON; a page that fails before React Router could render its error boundary (a configuration
 * error) gets a short plain-text apology.
 */
export const handleUnexpectedError: ErrorHandler<AppBindings> = (error, c) => {
  // Never a calendar feed's secret (worker/http/request-log.ts).
  console.error("unexpected error", c.req.method, loggablePath(c.req.path), error);
  if (c.req.path.startsWith("/api/")) return c.json({ error: "Internal server error" }, 500);
  return c.text("Something went wrong on our side. Please try again in a moment.", 500);
};
