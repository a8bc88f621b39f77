import { redirect } from "react-router";
import type { Route } from "./+types/security-events";

/**
 * The security events page became the audit log (docs/product-rules.md#audit-log): its old address,
 * with its severity and type filters, leads there. Under the console layout, so anyone but a
 * concierge still gets the 404 first.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(`/concierge/audit-log${url.search}`, 301);
}
