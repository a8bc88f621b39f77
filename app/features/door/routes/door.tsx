import type { Route } from "./+types/door";
import { DoorDesk } from "../door-desk.tsx";
import { clubCardPublicJwk, requireDoorStaff } from "../door.server.ts";
import { memberContext, requestContext } from "#app/context.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "#app/features/site/site-config.ts";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: "The Door", description: `The door of ${club.name}: member cards, guests and tonight's check-ins.` }),
  { name: "robots", content: "noindex" },
];

/**
 * /door (docs/product-rules.md#door): door staff and concierges only; everyone else gets the
 * site's 404. The page carries only who is at the door: the list, the queue and tonight's
 * check-ins come from the device's own store and /door/list, so the page works offline too.
 */
export const middleware: Route.MiddlewareFunction[] = [requireDoorStaff];

export function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(memberContext);
  // The key the door opens its signed list and checks cards with comes with the page, never with
  // the list it vouches for (docs/security.md#door).
  return { staffName: staff.name, clubKey: clubCardPublicJwk(context.get(requestContext).env) };
}

export default function Door({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-[70vh] bg-night">
      <h1 className="sr-only">The Door</h1>
      <noscript>
        <p className="mx-auto max-w-3xl px-5 py-10 text-cream">The door needs JavaScript: it checks member cards on this device.</p>
      </noscript>
      <DoorDesk staffName={loaderData.staffName} clubJwk={loaderData.clubKey} />
    </div>
  );
}
