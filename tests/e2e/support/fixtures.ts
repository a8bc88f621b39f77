import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

/** The session cookie the age gate sets once a visitor has answered and entered. */
export const AGE_GATE_COOKIE = "age_gate";

/**
 * Every end-to-end test fails if the page reported a Content-Security-Policy violation or an
 * uncaught error: the CSP is enforced, so a violation is a broken feature, not a warning.
 * Tests start past the age gate unless they opt out with `test.use({ ageGatePassed: false })`.
 */
export const test = base.extend<{ pageProblems: string[]; ageGatePassed: boolean }>({
  ageGatePassed: [true, { option: true }],
  context: async ({ context, baseURL, ageGatePassed }, use) => {
    await prepareContext(context, baseURL, { ageGatePassed });
    await use(context);
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // Every violation the page itself sees, including the ones the browser does not log, such as
      // a caught eval probe (zod's, once), is reported to the console by this listener.
      await page.addInitScript(() =>
        document.addEventListener("securitypolicyviolation", (event) =>
          console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`),
        ),
      );
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      await use(problems);
      expect(problems, "CSP violations and page errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A browser as the tests' visitors have it: past the age gate (unless `ageGatePassed` is false),
 * and with Google's reCAPTCHA script replaced by a local fake (there is no network here). The
 * `context` fixture's; a test that opens a second person's browser prepares it the same way.
 */
export async function prepareContext(
  context: BrowserContext,
  baseURL: string | undefined,
  { ageGatePassed = true }: { ageGatePassed?: boolean } = {},
): Promise<void> {
  if (ageGatePassed && baseURL) await context.addCookies([{ name: AGE_GATE_COOKIE, value: "entered", url: baseURL }]);
  await context.route(/^https:\/\/www\.google\.com\/recaptcha\/api\.js/, (route) =>
    route.fulfill({ path: "tests/e2e/support/fakes/grecaptcha.js", contentType: "text/javascript" }),
  );
}

/**
 * Opens a page and waits until React has hydrated it: before that, buttons that only scripts
 * serve (the invitation dialog, the accessibility panel) do nothing. The first paint does not
 * wait for the hydration scripts (app/shell/hydration-after-paint.server.ts), so a test that clicks at
 * once would sometimes click too early, as a very quick visitor could.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Waits until React has hydrated the page on screen (after a sign-in's redirect, say): app/root.tsx
 * marks <html> with data-hydrated then.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** WCAG 2.2 A and AA rules (the site must meet AA on its own). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
  expect(summary).toEqual([]);
}

/**
 * axe for a page open with JavaScript off, where axe's script cannot run: the document as the
 * browser holds it (the server's HTML after any form posts), its scripts removed, is checked in a
 * second page of the same origin and viewport with JavaScript on.
 */
export async function expectNoAxeViolationsWithoutScripts(page: Page): Promise<void> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("the page has no browser to open a checker in");
  const checker = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await checker.newPage();
    await copy.goto(new URL("/robots.txt", page.url()).href);
    await copy.setContent(html, { waitUntil: "load" });
    await expectNoAxeViolations(copy);
  } finally {
    await checker.close();
  }
}

/**
 * axe at a phone's width (390 px) and a desktop's (1440 px), then the viewport the test had. Each
 * scan starts at the top of the page: scrolled, the sticky header lies over whatever passes under
 * it, which axe's target-size rule counts against those links.
 */
export async function expectNoAxeViolationsAtWidths(page: Page): Promise<void> {
  const original = page.viewportSize();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
  }
  if (original) await page.setViewportSize(original);
}

/** A toast (the site's one toast system) with this title and description is showing. */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: title });
  await expect(toast).toContainText(description);
}
