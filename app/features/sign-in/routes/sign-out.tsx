import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { cloudflareContext } from "#app/context.ts";
import { destroyMemberSession } from "#worker/features/sign-in/member-session.ts";

/** POST /auth/sign-out: the session is deleted server-side and the cookie cleared; then home. */
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.get(cloudflareContext);
  const clearCookie = await destroyMemberSession(request, env);
  throw redirect("/", { headers: { "Set-Cookie": clearCookie } });
}

/** A GET never signs anyone out (no state change on GET): it just goes home. */
export function loader() {
  throw redirect("/");
}
