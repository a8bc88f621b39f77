import { data } from "react-router";
import type { Route } from "./+types/door-photo";
import { memberPhotoResponse, requireDoorStaff } from "../door.server.ts";
import { requestContext } from "#app/context.ts";

/**
 * GET /door/photos/:memberId: a member's photo for the door's verdict (docs/security.md#door).
 * Door staff and concierges only; private and never cached; no photo is the site's 404.
 */
export const middleware: Route.MiddlewareFunction[] = [requireDoorStaff];

export async function loader({ params, context }: Route.LoaderArgs) {
  const photo = await memberPhotoResponse(context.get(requestContext).env, params.memberId);
  if (!photo) throw data(null, { status: 404 });
  return photo;
}
