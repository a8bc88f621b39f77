import type { SecureHeadersVariables } from "hono/secure-headers";
import type { RequestContext } from "./request-context.ts";

/** Hono's type parameters for every app and middleware of this Worker. */
export interface AppBindings {
  Bindings: Env;
  Variables: SecureHeadersVariables & { requestContext: RequestContext };
}
