import { Hono } from "hono";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { checkStorage } from "./storage-health.ts";

export const health = new Hono<AppBindings>();

health.get("/", async (c) => {
  const status = await checkStorage(c.env);
  c.header("Cache-Control", "no-store");
  return c.json({ ok: status.d1 && status.kv, ...status }, status.d1 && status.kv ? 200 : 503);
});
