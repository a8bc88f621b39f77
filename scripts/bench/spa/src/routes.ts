import type { ComponentType } from "react";
import { UNSAFE_withComponentProps as withComponentProps, type LoaderFunction, type RouteObject } from "react-router";
import { PageLoading } from "./page-loading.tsx";
import type { PageMeta } from "./route-title.tsx";
import { SpaErrorBoundary, SpaRoot } from "./site-shell.tsx";
import { visitorAuthData, visitorHomeData, visitorRootData } from "./visitor.ts";

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
  { index: true, lazy: () => import("#app/features/site/routes/home.tsx").then((m) => page(m.default, m.meta, visitorHomeData)) },
  { path: "auth", lazy: () => import("#app/features/sign-in/routes/sign-in.tsx").then((m) => page(m.default, m.meta, visitorAuthData)) },
  { path: "memberships", lazy: () => import("#app/features/site/routes/memberships.tsx").then((m) => page(m.default, m.meta)) },
  { path: "schedule-sit-down", lazy: () => import("#app/features/site/routes/schedule-sit-down.tsx").then((m) => page(m.default, m.meta)) },
  { path: "partners", lazy: () => import("#app/features/site/routes/partners.tsx").then((m) => page(m.default, m.meta)) },
  {
    path: "manufacturer-partnership",
    lazy: () => import("#app/features/site/routes/manufacturer-partnership.tsx").then((m) => page(m.default, m.meta)),
  },
  // The blog's loaders run in the browser, on the posts' HTML the build rendered (blogMarkdown in vite.config.ts).
  {
    path: "blog",
    lazy: () => import("#app/features/site/routes/blog.tsx").then((m) => page(m.default, m.meta, m.loader as LoaderFunction)),
  },
  {
    path: "blog/:slug",
    lazy: () => import("#app/features/site/routes/blog-post.tsx").then((m) => page(m.default, m.meta, m.loader as LoaderFunction)),
  },
  {
    // The module picks its lounge by this id, as in app/routes.ts.
    id: "lounges",
    path: "lounges",
    lazy: () => import("#app/features/site/routes/lounge.tsx").then((m) => page(m.default, m.meta)),
  },
  {
    id: "lounges-kickback",
    path: "lounges/kickback",
    lazy: () => import("#app/features/site/routes/lounge.tsx").then((m) => page(m.default, m.meta)),
  },
  {
    id: "lounges-business",
    path: "lounges/business",
    lazy: () => import("#app/features/site/routes/lounge.tsx").then((m) => page(m.default, m.meta)),
  },
  {
    id: "lounges-platinum",
    path: "lounges/platinum",
    lazy: () => import("#app/features/site/routes/lounge.tsx").then((m) => page(m.default, m.meta)),
  },
  { path: "compliance", lazy: () => import("#app/features/site/routes/compliance.tsx").then((m) => page(m.default, m.meta)) },
  { path: "public-health", lazy: () => import("#app/features/site/routes/public-health.tsx").then((m) => page(m.default, m.meta)) },
  { path: "member-yards", lazy: () => import("#app/features/site/routes/member-yards.tsx").then((m) => page(m.default, m.meta)) },
  { path: "gameroom", lazy: () => import("#app/features/site/routes/gameroom.tsx").then((m) => page(m.default, m.meta)) },
  { path: "rules", lazy: () => import("#app/features/site/routes/rules.tsx").then((m) => page(m.default, m.meta)) },
  {
    path: "accessibility",
    lazy: () => import("#app/features/accessibility/routes/accessibility.tsx").then((m) => page(m.default, m.meta)),
  },
  { path: "terms", lazy: () => import("#app/features/site/routes/terms.tsx").then((m) => page(m.default, m.meta)) },
  { path: "privacy", lazy: () => import("#app/features/site/routes/privacy.tsx").then((m) => page(m.default, m.meta)) },
  { path: "bosses-only", lazy: () => import("#app/features/site/routes/bosses-only.tsx").then((m) => page(m.default, m.meta)) },
  { path: "cigar-academy", lazy: () => import("#app/features/site/routes/cigar-academy.tsx").then((m) => page(m.default, m.meta)) },
  // Everything else, members-only pages included (a SPA has no session to check): Page Not Found.
  {
    path: "*",
    lazy: () => import("#app/features/site/routes/not-found.tsx").then((m) => page(m.default, m.meta, m.loader as LoaderFunction)),
  },
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
