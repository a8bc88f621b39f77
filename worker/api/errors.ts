import type { ErrorHandler } from "hono";
import type { AppBindings } from "../app-bindings";

/** Unexpected failures: logged once, answered without internals (conventions §6). */
export const handleUnexpectedApiError: ErrorHandler<AppBindings> = (error, c) => {
  console.error("api error", c.req.method, c.req.path, error);
  return c.json({ error: "Internal server error" }, 500);
};
