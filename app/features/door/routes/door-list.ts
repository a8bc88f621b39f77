import type { Route } from "./+types/door-list";
import { requireDoorStaff, signedDoorStatusList } from "../door.server.ts";
import { requestContext } from "#app/context.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";

/**
 * GET /door/list: the status list the door device verifies against offline
 * (docs/product-rules.md#door), signed with the club's card key (app/features/door/signed-list.ts). Door staff and concierges only (the site's 404 otherwise), never
 * cached by a browser or a proxy (requireDoorStaff sets private, no-store).
 */
export const middleware: Route.MiddlewareFunction[] = [requireDoorStaff];

export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  return Response.json(await signedDoorStatusList(context.get(requestContext).env, portlandDay(now), now));
}
