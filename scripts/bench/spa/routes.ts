/* eslint-disable @typescript-eslint/ban-ts-comment -- browser code, see README.md (type checking) */
// @ts-nocheck
import { UNSAFE_withComponentProps as withComponentProps, type RouteObject } from "react-router";
import { PageLoading } from "./page-loading";
import { SpaErrorBoundary, SpaRoot } from "./site-shell";
import { visitorAuthData, visitorHomeData, visitorRootData } from "./visitor";

/**
 * One lazily loaded page, from the app's own route module: the default export gets its props
 * (loaderData, params, ...) through withComponentProps, as the framework does; `meta` goes on the
 * handle for RouteTitle; the loader is the module's own when it is browser-safe, else the
 * visitor's values. Each call site reads `m.default` and `m.meta` inside `.then`, so the bundler
 * drops the unused exports (server loaders, actions) and all they import from the page's chunk.
 */
function page(Component, meta, loader?) {
  return { Component: withComponentProps(Component), handle: { meta }, ...(loader ? { loader } : {}) };
}

/** The public pages of app/routes.ts, in its order; each one chunk, loaded behind 'Loading...'. */
const pages: RouteObject[] = [
  { index: true, lazy: () => import("~/routes/home.tsx").then((m) => page(m.default, m.meta, visitorHomeData)) },
  { path: "auth", lazy: () => import("~/routes/auth.tsx").then((m) => page(m.default, m.meta, visitorAuthData)) },
  { path: "memberships", lazy: () => import("~/routes/memberships.tsx").then((m) => page(m.default, m.meta)) },
  { path: "schedule-sit-down", lazy: () => import("~/routes/schedule-sit-down.tsx").then((m) => page(m.default, m.meta)) },
  { path: "partners", lazy: () => import("~/routes/partners.tsx").then((m) => page(m.default, m.meta)) },
  { path: "manufacturer-partnership", lazy: () => import("~/routes/manufacturer-partnership.tsx").then((m) => page(m.default, m.meta)) },
  // The blog's loaders run in the browser: Markdown bundled as ?raw strings, rendered by marked.
  { path: "blog", lazy: () => import("~/routes/blog.tsx").then((m) => page(m.default, m.meta, m.loader)) },
  { path: "blog/:slug", lazy: () => import("~/routes/blog-post.tsx").then((m) => page(m.default, m.meta, m.loader)) },
  { id: "lounges", path: "lounges", lazy: () => import("~/routes/lounge-kickback.tsx").then((m) => page(m.default, m.meta)) },
  { id: "lounges-kickback", path: "lounges/kickback", lazy: () => import("~/routes/lounge-kickback.tsx").then((m) => page(m.default, m.meta)) },
  { path: "lounges/business", lazy: () => import("~/routes/lounge-business.tsx").then((m) => page(m.default, m.meta)) },
  { path: "lounges/platinum", lazy: () => import("~/routes/lounge-platinum.tsx").then((m) => page(m.default, m.meta)) },
  { path: "compliance", lazy: () => import("~/routes/compliance.tsx").then((m) => page(m.default, m.meta)) },
  { path: "public-health", lazy: () => import("~/routes/public-health.tsx").then((m) => page(m.default, m.meta)) },
  { path: "member-yards", lazy: () => import("~/routes/member-yards.tsx").then((m) => page(m.default, m.meta)) },
  { path: "gameroom", lazy: () => import("~/routes/gameroom.tsx").then((m) => page(m.default, m.meta)) },
  { path: "rules", lazy: () => import("~/routes/rules.tsx").then((m) => page(m.default, m.meta)) },
  { path: "accessibility", lazy: () => import("~/routes/accessibility.tsx").then((m) => page(m.default, m.meta)) },
  { path: "terms", lazy: () => import("~/routes/terms.tsx").then((m) => page(m.default, m.meta)) },
  { path: "privacy", lazy: () => import("~/routes/privacy.tsx").then((m) => page(m.default, m.meta)) },
  { path: "bosses-only", lazy: () => import("~/routes/bosses-only.tsx").then((m) => page(m.default, m.meta)) },
  { path: "cigar-academy", lazy: () => import("~/routes/cigar-academy.tsx").then((m) => page(m.default, m.meta)) },
  // Everything else, members-only pages included (a SPA has no session to check): Page Not Found.
  { path: "*", lazy: () => import("~/routes/not-found.tsx").then((m) => page(m.default, m.meta, m.loader)) },
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
