import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useRouteError, useRouteLoaderData, type LinksFunction } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { AccessibilityPrePaintScript, AccessibilityRootStyle } from "./features/accessibility/accessibility-pre-paint-script.tsx";
import { accessibilityRootAttributes, defaultAccessibilitySettings } from "./features/accessibility/accessibility-settings.ts";
import { readAccessibilitySettingsCookie } from "./features/accessibility/accessibility-settings.server.ts";
import { NotFoundPage } from "./shell/not-found-page.tsx";
import { SiteShell } from "./shell/site-shell.tsx";
import { requestContext, cspNonceContext } from "./context.ts";
import { ageGateStageFor } from "./features/age-gate/age-gate.server.ts";
import { authStateFor } from "./features/sign-in/auth.server.ts";
import { club } from "./features/site/site-config.ts";

export const links: LinksFunction = () => [
  { rel: "preload", href: "/fonts/inter-latin-variable.woff2", as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: "/fonts/cormorant-garamond-latin-variable.woff2", as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Used only when the root error boundary renders (deeper routes' meta replaces it otherwise).
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [
        { title: `${isRouteErrorResponse(error) && error.status === 404 ? "Page Not Found" : "Something went wrong"} | ${club.name}` },
        { name: "robots", content: "noindex" },
      ]
    : [{ title: club.name }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, config } = context.get(requestContext);
  const ageGate = ageGateStageFor(request);
  const savedAccessibility = readAccessibilitySettingsCookie(request, config.ENVIRONMENT);
  // The nonce travels with the document so inline scripts we render ourselves can carry it.
  return {
    siteUrl: env.SITE_URL,
    cspNonce: context.get(cspNonceContext),
    ageGate,
    // Public by design (Google's site key); empty locally, where the labelled stand-in runs.
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
    auth: await authStateFor(request, env),
    // The visitor's accessibility settings from their cookie, rendered into <html> below so they
    // apply before the first paint, with or without JavaScript (docs/product-rules.md#accessibility).
    accessibility: { settings: savedAccessibility ?? { ...defaultAccessibilitySettings }, saved: savedAccessibility !== null },
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // Marks the document once React has hydrated it (every button works from then on); the
  // end-to-end tests wait for it (tests/e2e/support/fixtures.ts).
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  const accessibility = root?.accessibility;
  return (
    // Saved accessibility settings come as attributes from the server; without them the pre-paint
    // script may set some from localStorage before React hydrates.
    <html lang="en" suppressHydrationWarning {...(accessibility?.saved ? accessibilityRootAttributes(accessibility.settings) : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f0b08" />
        <Meta />
        <Links />
        <AccessibilityRootStyle settings={accessibility?.saved ? accessibility.settings : null} />
        {accessibility?.saved ? null : <AccessibilityPrePaintScript />}
        {/* Vite's dev client reads this nonce for the <style> tags it injects (dev only). */}
        {import.meta.env.DEV ? <meta property="csp-nonce" nonce={root?.cspNonce} /> : null}
      </head>
      <body>
        <SiteShell data={root}>{children}</SiteShell>
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Off the critical path: the metrics library loads after hydration.
    void import("./shell/web-vitals.ts").then(({ reportWebVitals }) => reportWebVitals());
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  // Stacks only in development (React Router's template); visitors see a calm apology.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : null;
  return (
    <div className="mx-auto max-w-3xl px-5 py-24 text-center">
      <h1 className="text-4xl text-cream">Something went wrong</h1>
      <p className="mt-6 text-smoke">
        We could not open this page. Please try again in a moment, or call the office if it keeps happening.
      </p>
      {stack ? <pre className="mt-8 overflow-x-auto text-left text-xs">{stack}</pre> : null}
    </div>
  );
}
