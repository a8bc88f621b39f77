import type { ComponentType } from "react";
import { UNSAFE_withComponentProps as withComponentProps, type LoaderFunction, type RouteObject } from "react-router";
import { PageLoading } from "./page-loading";
import type { PageMeta } from "./route-title";
import { SpaErrorBoundary, SpaRoot } from "./site-shell";
import { visitorAuthData, visitorHomeData, visitorRootData } from "./visitor";

/**
 * One lazily loaded page, from the app's own route module: the default export gets its props
 * (loaderData, params, ...) through withComponentProps, as the framework does; `meta` goes on the
 * handle for RouteTitle; the loader is the module's own when it is browser-safe, else the
 * visitor's values. Each call site reads `m.default` and `m.meta` inside `.then`, so the bundler
 * drops the unused exports (server loaders, actions) and all they import from the page's chunk.
 */
function page(Component: ComponentType<never>, meta: unknown, loader?: LoaderFunction) {
  // The modules type their props and meta arguments for framework mode; the data router passes
  // the same values, so they are handed over as the untyped shapes withComponentProps expects.
  return {
    Component: withComponentProps(Component as Parameters<typeof withComponentProps>[0]),
    handle: { meta: meta as PageMeta },
    ...(loader ? { loader } : {}),
  };
}

/** The public pages of app/routes.ts, in its order; each one chunk, loaded behind 'Loading...'. */
const pages: RouteObject[] = [
  { index: true, lazy: () => import("~/routes/home").then((m) => page(m.default, m.meta, visitorHomeData)) },
  { path: "auth", lazy: () => import("~/routes/auth").then((m) => page(m.default, m.meta, visitorAuthData)) },
  { path: "memberships", lazy: () => import("~/routes/memberships").then((m) => page(m.default, m.meta)) },
  { path: "schedule-sit-down", lazy: () => import("~/routes/schedule-sit-down").then((m) => page(m.default, m.meta)) },
  { path: "partners", lazy: () => import("~/routes/partners").then((m) => page(m.default, m.meta)) },
  { path: "manufacturer-partnership", lazy: () => import("~/routes/manufacturer-partnership").then((m) => page(m.default, m.meta)) },
  // The blog's loaders run in the browser: Markdown bundled as ?raw strings, rendered by marked.
  { path: "blog", lazy: () => import("~/routes/blog").then((m) => page(m.default, m.meta, m.loader as LoaderFunction)) },
  { path: "blog/:slug", lazy: () => import("~/routes/blog-post").then((m) => page(m.default, m.meta, m.loader as LoaderFunction)) },
  { id: "lounges", path: "lounges", lazy: () => import("~/routes/lounge-kickback").then((m) => page(m.default, m.meta)) },
  { id: "lounges-kickback", path: "lounges/kickback", lazy: () => import("~/routes/lounge-kickback").then((m) => page(m.default, m.meta)) },
  { path: "lounges/business", lazy: () => import("~/routes/lounge-business").then((m) => page(m.default, m.meta)) },
  { path: "lounges/platinum", lazy: () => import("~/routes/lounge-platinum").then((m) => page(m.default, m.meta)) },
  { path: "compliance", lazy: () => import("~/routes/compliance").then((m) => page(m.default, m.meta)) },
  { path: "public-health", lazy: () => import("~/routes/public-health").then((m) => page(m.default, m.meta)) },
  { path: "member-yards", lazy: () => import("~/routes/member-yards").then((m) => page(m.default, m.meta)) },
  { path: "gameroom", lazy: () => import("~/routes/gameroom").then((m) => page(m.default, m.meta)) },
  { path: "rules", lazy: () => import("~/routes/rules").then((m) => page(m.default, m.meta)) },
  { path: "accessibility", lazy: () => import("~/routes/accessibility").then((m) => page(m.default, m.meta)) },
  { path: "terms", lazy: () => import("~/routes/terms").then((m) => page(m.default, m.meta)) },
  { path: "privacy", lazy: () => import("~/routes/privacy").then((m) => page(m.default, m.meta)) },
  { path: "bosses-only", lazy: () => import("~/routes/bosses-only").then((m) => page(m.default, m.meta)) },
  { path: "cigar-academy", lazy: () => import("~/routes/cigar-academy").then((m) => page(m.default, m.meta)) },
  // Everything else, members-only pages included (a SPA has no session to check): Page Not Found.
  { path: "*", lazy: () => import("~/routes/not-found").then((m) => page(m.default, m.meta, m.loader as LoaderFunction)) },
];

/**
 * The root route has the id "root" and a loader with the visitor's values, so the app's
 * useRouteLoaderData("root") calls work unchanged.
 */
export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: visitorRootData,
    Component: SpaRoot,
    ErrorBoundary: SpaErrorBoundary,
    children: pages.map((route) => ({ ...route, HydrateFallback: PageLoading })),
  },
];
