import { Hono } from "hono";
import type { AppBindings } from "../app-bindings";
import { health } from "./health";

/** The JSON API under /api. One sub-app per resource (Cloudflare's templates). */
export const api = new Hono<AppBindings>();

api.route("/health", health);

api.notFound((c) => c.json({ error: "Not found" }, 404));

// One place for unexpected failures: logged once, answered without internals (conventions §6).
api.onError((error, c) => {
  console.error("api error", c.req.method, c.req.path, error);
  return c.json({ error: "Internal server error" }, 500);
});
