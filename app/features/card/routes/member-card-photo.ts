import type { Route } from "./+types/member-card-photo";
import { requestContext } from "#app/context.ts";
import { loadSignedInMember, memberPhotoResponse } from "../card.server.ts";

/**
 * GET /members/card/photo: the signed-in member's OWN photo, for their card (docs/security.md#member-card).
 * No id in the address, so no one can ask for another member's. Outside the member-area layout on
 * purpose: a visitor gets the site's 404 (never a sign-in redirect that says a photo is here), and
 * so does a member the club has not photographed. Private, never stored by a shared cache.
 */
const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const signedIn = await loadSignedInMember(request, env);
  if (!signedIn) return notFound();
  const photo = await memberPhotoResponse(env, signedIn.member.id);
  if (!photo) return notFound();
  return photo;
}
