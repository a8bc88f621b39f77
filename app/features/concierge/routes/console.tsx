import { Outlet } from "react-router";
import type { Route } from "./+types/console";
import { ConciergeNav } from "../concierge-nav.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { memberContext } from "#app/context.ts";
import { requireConcierge } from "#app/features/sign-in/require-member.server.ts";

/** The console holds personal data: no browser or proxy may keep a copy of any of its answers. */
const neverCache: Route.MiddlewareFunction = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

// Anyone but a signed-in concierge gets the site's 404 (docs/product-rules.md#concierge).
export const middleware: Route.MiddlewareFunction[] = [requireConcierge, neverCache];

// Server middleware runs on client-side navigations only when a matched route has a loader
// (react-router docs, how-to/middleware); this one also gives the page the concierge's name.
export function loader({ context }: Route.LoaderArgs) {
  return { conciergeName: context.get(memberContext).name };
}

export default function ConciergeLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Concierge" title="Concierge Console">
        <p>
          Signed in as {loaderData.conciergeName}. Admit or decline executive invitation requests, and keep an eye on SMS opt-ins, email and
          SMS deliveries, and the security log.
        </p>
      </PageHero>
      <ConciergeNav />
      <Outlet />
    </>
  );
}
