import { data } from "react-router";
import type { Route } from "./+types/member-photo";
import { requestContext } from "#app/context.ts";
import { memberPhotoResponse } from "../member-console.server.ts";

/**
 * /concierge/members/:id/photo: the member's photo for their console page. Under the console
 * layout, so a concierge alone gets it (the site's 404 for anyone else); private, never cached.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const photo = await memberPhotoResponse(context.get(requestContext).env, params.id);
  if (!photo) throw data(null, { status: 404 });
  return photo;
}
