import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { requestContext } from "#app/context.ts";
import { endMemberSession } from "#app/features/sign-in/sign-in.server.ts";

/** POST /auth/sign-out: the session is deleted server-side and the cookie cleared; then home. */
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.get(requestContext);
  const clearCookie = await endMemberSession(request, env);
  throw redirect("/", { headers: { "Set-Cookie": clearCookie } });
}

/** A GET never signs anyone out (no state change on GET): it just goes home. */
export function loader() {
  throw redirect("/");
}
