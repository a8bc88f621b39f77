import { data, redirect } from "react-router";
import type { Route } from "./+types/member-photo";
import { memberContext, requestContext } from "#app/context.ts";
import type { PhotoOutcomeName } from "../member-forms.ts";
import { memberPhotoResponse, replaceMemberPhoto } from "../member-console.server.ts";

/**
 * /concierge/members/:id/photo: the member's photo for their console page. Under the console
 * layout, so a concierge alone gets it (the site's 404 for anyone else); private, never cached.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const photo = await memberPhotoResponse(context.get(requestContext).env, params.id);
  if (!photo) throw data(null, { status: 404 });
  return photo;
}

/**
 * The member page's 'Upload Photo' (multipart; the one page form allowed up to 2 MB:
 * worker/http/guards.ts). Checked, stored and audited (worker/features/concierge/member-actions.ts),
 * then a 303 back to the member page naming the outcome in ?photo=, so it works without JavaScript.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const concierge = context.get(memberContext);
  const services = context.get(requestContext);
  // A body that is not a form reads as no photo.
  const photo = await request
    .formData()
    .then((form) => form.get("photo"))
    .catch(() => null);
  const outcome = photo instanceof File ? await replaceMemberPhoto(services, concierge.id, params.id, photo) : null;
  const named: PhotoOutcomeName = outcome === null ? "missing" : outcome.ok ? "added" : outcome.reason;
  throw redirect(`/concierge/members/${encodeURIComponent(params.id)}?photo=${named}#photo-title`, 303);
}
