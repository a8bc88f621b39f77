import { redirect } from "react-router";
import type { Route } from "./+types/auth-sign-out";
import { cloudflareContext } from "~/context";
import { destroyMemberSession } from "../../worker/services/member-session";

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
