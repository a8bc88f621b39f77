import { env } from "cloudflare:workers";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#app/context.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { accessibilitySettingsFields, defaultAccessibilitySettings } from "#app/features/accessibility/accessibility-settings.ts";
import {
  accessibilitySettingsCookieName,
  readAccessibilitySettingsCookie,
} from "#app/features/accessibility/accessibility-settings.server.ts";
import { action, loader } from "#app/features/accessibility/routes/accessibility-settings.tsx";

/**
 * /accessibility/settings's action and loader, called as React Router calls them. The page, and
 * every other page rendering the saved settings before paint, are proved in Chromium
 * (tests/e2e/accessibility/, tests/e2e/no-js/accessibility.spec.ts).
 */
function routeArgs(init: { form?: Record<string, string>; cookie?: string; body?: BodyInit; contentType?: string; search?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.contentType) headers.set("Content-Type", init.contentType);
  const request = new Request(`http://localhost/accessibility/settings${init.search ?? ""}`, {
    method: init.form || init.body ? "POST" : "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form) : init.body,
  });
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: {}, context };
}

const COOKIE = accessibilitySettingsCookieName(env.ENVIRONMENT);
const chosen = {
  ...defaultAccessibilitySettings,
  fontSize: 150,
  highContrast: true,
  focusIndicator: false,
  colorBlindness: "tritanopia" as const,
};

/** What the browser would send back after this Set-Cookie. */
const cookieFrom = (setCookie: string | null) => (setCookie ?? "").split(";")[0] ?? "";

describe("saving the accessibility settings without JavaScript", () => {
  it("keeps them in the cookie and comes back to the page, which shows them and says so", async () => {
    const response = (await action(routeArgs({ form: { ...accessibilitySettingsFields(chosen), intent: "save" } }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/accessibility/settings?done=saved");
    const setCookie = response.headers.get("Set-Cookie");
    expect(setCookie).toMatch(new RegExp(`^${COOKIE}=`));
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Max-Age=31536000");

    const cookie = cookieFrom(setCookie);
    expect(readAccessibilitySettingsCookie(new Request("http://localhost/", { headers: { Cookie: cookie } }), env.ENVIRONMENT)).toEqual(
      chosen,
    );
    expect(loader(routeArgs({ cookie, search: "?done=saved" }))).toEqual({
      settings: chosen,
      confirmation: { ok: true, toast: { title: "Settings saved", description: "They apply on every page of the site, in this browser." } },
    });
  });

  it("resets every setting to its default", async () => {
    const response = (await action(routeArgs({ form: { ...accessibilitySettingsFields(chosen), intent: "reset" } }))) as Response;
    expect(response.headers.get("Location")).toBe("/accessibility/settings?done=reset");
    const cookie = cookieFrom(response.headers.get("Set-Cookie"));
    expect(loader(routeArgs({ cookie })).settings).toEqual(defaultAccessibilitySettings);
  });

  it("answers the widget with the outcome instead of the page, and sets the same cookie", async () => {
    const result = (await action(
      routeArgs({ form: { ...accessibilitySettingsFields(chosen), via: "widget" } }),
    )) as DataWithResponseInit<ActionResult>;
    expect(result.data).toMatchObject({ ok: true });
    const setCookie = new Headers(result.init?.headers).get("Set-Cookie");
    expect(
      readAccessibilitySettingsCookie(new Request("http://localhost/", { headers: { Cookie: cookieFrom(setCookie) } }), env.ENVIRONMENT),
    ).toEqual(chosen);
  });

  it("refuses a value no control offers with a message beside its field, and changes nothing", async () => {
    const result = (await action(
      routeArgs({ form: { ...accessibilitySettingsFields(chosen), fontSize: "1000", highContrast: "yes" } }),
    )) as DataWithResponseInit<ActionResult>;
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({
      ok: false,
      fieldErrors: {
        fontSize: "Choose a text size from 75% to 200%, in steps of 25.",
        highContrast: "High contrast is either ticked or not.",
      },
    });
    expect(new Headers(result.init?.headers).get("Set-Cookie")).toBeNull();
  });

  it("answers a body that is not a form with a 415, not a 500", async () => {
    const thrown = await Promise.resolve(action(routeArgs({ body: '{"fontSize":150}', contentType: "application/json" }))).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(415);
  });

  it("shows the defaults and no confirmation to a browser without the cookie", () => {
    expect(loader(routeArgs())).toEqual({ settings: defaultAccessibilitySettings, confirmation: null });
  });
});
