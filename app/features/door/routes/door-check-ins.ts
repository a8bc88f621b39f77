import type { Route } from "./+types/door-check-ins";
import { doorEvening, doorSyncInput, requireDoorStaff, syncDoorCheckIns } from "../door.server.ts";
import { memberContext, requestContext } from "#app/context.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";

/**
 * /door/check-ins (docs/product-rules.md#door): GET, tonight's occupancy and check-ins; POST, a
 * batch of the door device's queued check-ins, each stored once, answered item by item. Door
 * staff and concierges only (the site's 404 otherwise).
 */
export const middleware: Route.MiddlewareFunction[] = [requireDoorStaff];

export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await doorEvening(context.get(requestContext).env.DB, portlandDay(new Date())));
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  if (!request.headers.get("Content-Type")?.toLowerCase().startsWith("application/json")) {
    return Response.json({ error: "Send this request as application/json" }, { status: 415 });
  }
  const services = context.get(requestContext);
  let body: unknown = null;
  try {
    body = await request.json();
  } catch {
    // Not JSON: fails validation below.
  }
  const parsed = doorSyncInput.safeParse(body);
  if (!parsed.success) {
    services.logSecurityEvent({
      eventType: "input_validation_fail",
      severity: "low",
      description: "door check-ins refused: invalid batch",
    });
    return Response.json({ error: "These check-ins could not be read. Nothing was stored." }, { status: 400 });
  }
  const answers = await syncDoorCheckIns(services, context.get(memberContext).id, parsed.data.checkIns);
  return Response.json({ answers });
}
