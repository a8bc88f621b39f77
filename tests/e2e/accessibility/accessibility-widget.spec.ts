import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectToast, gotoHydrated, test, waitForHydration } from "../support/fixtures.ts";

/** Where earlier versions kept the settings (app/features/accessibility/accessibility-settings.ts; the e2e project cannot import app code). */
const STORAGE_KEY = "ember-oak:accessibility-settings";
/** The settings' cookie on the e2e server (app/features/accessibility/accessibility-settings.server.ts). */
const SETTINGS_COOKIE = "ember_a11y";

/** The settings button: a link to the settings page that, once the page's script runs, opens the panel. */
const widgetButton = (page: Page) => page.getByRole("link", { name: "Accessibility settings", exact: true });

/** The settings the browser's cookie holds (null without it). */
async function savedSettings(page: Page): Promise<Record<string, unknown> | null> {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === SETTINGS_COOKIE);
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as Record<string, unknown>) : null;
}

/** Waits until the widget has written these settings into the cookie (before a new page load, which would cancel the write). */
async function expectSaved(page: Page, settings: Record<string, unknown>): Promise<void> {
  await expect.poll(() => savedSettings(page)).toMatchObject(settings);
}
/** The nine settings at their defaults, as the product states them (docs/product-rules.md#accessibility). */
const EVERY_DEFAULT = {
  fontSize: 100,
  textSpacing: 100,
  highContrast: false,
  reduceMotion: false,
  keyboardNavigation: true,
  screenReader: false,
  focusIndicator: true,
  colorBlindness: "none",
  readingGuide: false,
};
const panel = (page: Page) => page.getByRole("dialog", { name: "Accessibility settings" });

async function openPanel(page: Page): Promise<Locator> {
  await widgetButton(page).click();
  await expect(panel(page)).toBeVisible();
  return panel(page);
}

async function closePanel(page: Page): Promise<void> {
  await panel(page).getByRole("button", { name: "Close" }).click();
  await expect(panel(page)).toBeHidden();
}

/** A computed style property of the first element matching `selector`. */
function computed(page: Page, selector: string, property: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

const px = (value: string) => Number.parseFloat(value);

test.describe("the panel", () => {
  test("if its code cannot be fetched, a toast says so and the next press tries again", async ({ page }) => {
    await gotoHydrated(page, "/memberships");
    await page.route(/\/assets\/accessibility-panel-[^/]+\.js$/, (route) => route.abort());
    await widgetButton(page).click();
    await expectToast(page, "Accessibility settings", "The settings could not be loaded. Check your connection and try again.");
    await expect(panel(page)).toHaveCount(0);
    await page.unroute(/\/assets\/accessibility-panel-[^/]+\.js$/);
    await openPanel(page);
  });

  test("pressed again while its code is still loading, it does not open", async ({ page }) => {
    await gotoHydrated(page, "/memberships");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/accessibility-panel-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await widgetButton(page).click();
    await widgetButton(page).click();
    release();
    await page.waitForLoadState("networkidle");
    await expect(panel(page)).toBeHidden();
    await openPanel(page);
  });

  test("a labelled floating button of at least 44×44 px opens a modal dialog and focus moves in", async ({ page }) => {
    await gotoHydrated(page, "/memberships");
    const box = await widgetButton(page).boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await expect(widgetButton(page)).toHaveAttribute("aria-haspopup", "dialog");
    await expect(widgetButton(page)).toHaveAttribute("href", "/accessibility/settings");

    const dialog = await openPanel(page);
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog.getByRole("heading", { name: "Accessibility settings" })).toBeVisible();
    await expect(widgetButton(page)).toHaveAttribute("aria-expanded", "true");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  });

  test("Tab and Shift+Tab stay inside the panel", async ({ page }) => {
    await gotoHydrated(page, "/");
    const dialog = await openPanel(page);
    const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
    const close = dialog.getByRole("button", { name: "Close" });
    const reset = dialog.getByRole("button", { name: "Reset to defaults" });

    await close.focus();
    await page.keyboard.press("Shift+Tab");
    await expect(reset).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    for (let press = 0; press < 15; press += 1) {
      await page.keyboard.press("Tab");
      expect(await focusInside()).toBe(true);
    }
  });

  test("Esc, the Close button and a click outside close it, and focus returns to the button", async ({ page }) => {
    await gotoHydrated(page, "/");
    await openPanel(page);
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(widgetButton(page)).toBeFocused();
    await expect(widgetButton(page)).toHaveAttribute("aria-expanded", "false");

    await openPanel(page);
    await closePanel(page);
    await expect(widgetButton(page)).toBeFocused();

    await openPanel(page);
    await page.mouse.click(20, 200);
    await expect(panel(page)).toBeHidden();
    await expect(widgetButton(page)).toBeFocused();
  });

  test("sliders and toggles are labelled controls showing their values", async ({ page }) => {
    await gotoHydrated(page, "/");
    const dialog = await openPanel(page);
    const fontSize = dialog.getByRole("slider", { name: "Text size" });
    await expect(fontSize).toHaveAttribute("min", "75");
    await expect(fontSize).toHaveAttribute("max", "200");
    await expect(fontSize).toHaveAttribute("step", "25");
    await expect(fontSize).toHaveValue("100");
    const textSpacing = dialog.getByRole("slider", { name: "Text spacing" });
    await expect(textSpacing).toHaveAttribute("min", "100");
    await expect(textSpacing).toHaveAttribute("max", "200");
    await expect(textSpacing).toHaveAttribute("step", "25");
    for (const [name, checked] of [
      ["High contrast", false],
      ["Reduce motion", false],
      ["Keyboard shortcuts", true],
      ["Screen reader optimizations", false],
      ["Strong focus indicator", true],
      ["Reading guide", false],
    ] as const) {
      await expect(dialog.getByRole("checkbox", { name })).toBeChecked({ checked });
    }
    await expect(dialog.getByRole("combobox", { name: "Color blindness filter" })).toHaveValue("none");

    await fontSize.focus();
    await page.keyboard.press("ArrowRight");
    await expect(fontSize).toHaveValue("125");
    await expect(dialog.getByText("125%")).toBeVisible();
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowRight");
    await expect(fontSize).toHaveValue("200");
  });

  test("has no axe violations while open, on a wide and a narrow screen", async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, "/");
    await openPanel(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "screenshots/accessibility-panel-1440.png" });

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
  });
});

test.describe("each setting changes what the page shows", () => {
  test("text size scales the root font size and with it every rem-based size", async ({ page }) => {
    await gotoHydrated(page, "/memberships");
    const headingBefore = px(await computed(page, "h1", "font-size"));
    expect(await computed(page, "html", "font-size")).toBe("16px");

    const dialog = await openPanel(page);
    await dialog.getByRole("slider", { name: "Text size" }).fill("150");
    await expect(dialog.getByText("150%")).toBeVisible();
    expect(await computed(page, "html", "font-size")).toBe("24px");
    expect(px(await computed(page, "h1", "font-size"))).toBeCloseTo(headingBefore * 1.5, 1);

    await dialog.getByRole("slider", { name: "Text size" }).fill("75");
    expect(await computed(page, "html", "font-size")).toBe("12px");
  });

  test("text spacing sets line height, letter and word spacing from WCAG 1.4.12's values", async ({ page }) => {
    await gotoHydrated(page, "/privacy");
    const paragraph = "main .prose-club p";
    expect(await computed(page, paragraph, "letter-spacing")).toBe("normal");

    const dialog = await openPanel(page);
    await dialog.getByRole("slider", { name: "Text spacing" }).fill("200");
    await expect(dialog.getByText("200%")).toBeVisible();
    const fontSize = px(await computed(page, paragraph, "font-size"));
    expect(px(await computed(page, paragraph, "line-height"))).toBeCloseTo(fontSize * 1.5 * 2, 0);
    expect(px(await computed(page, paragraph, "letter-spacing"))).toBeCloseTo(fontSize * 0.12 * 2, 0);
    expect(px(await computed(page, paragraph, "word-spacing"))).toBeCloseTo(fontSize * 0.16 * 2, 0);

    await dialog.getByRole("slider", { name: "Text spacing" }).fill("100");
    expect(await computed(page, paragraph, "letter-spacing")).toBe("normal");
  });

  test("high contrast turns the theme black, white and yellow", async ({ page }) => {
    await gotoHydrated(page, "/");
    expect(await computed(page, "html", "background-color")).toBe("rgb(15, 11, 8)");
    const dialog = await openPanel(page);
    await dialog.getByRole("checkbox", { name: "High contrast" }).check();

    expect(await computed(page, "html", "background-color")).toBe("rgb(0, 0, 0)");
    expect(await computed(page, "footer", "background-color")).toBe("rgb(0, 0, 0)");
    expect(await computed(page, "footer", "color")).toBe("rgb(255, 255, 255)");
    expect(await computed(page, "main .text-brass", "color")).toBe("rgb(255, 255, 0)");
    expect(await computed(page, "#accessibility-panel", "background-color")).toBe("rgb(0, 0, 0)");

    await dialog.getByRole("checkbox", { name: "High contrast" }).uncheck();
    expect(await computed(page, "html", "background-color")).toBe("rgb(15, 11, 8)");
  });

  test("reduce motion stops transitions and the smooth scroll on navigation", async ({ page }) => {
    // Record how the page asks to scroll on a route change.
    await page.addInitScript(() => {
      const scrollTo = window.scrollTo.bind(window);
      (window as unknown as { scrollBehaviors: string[] }).scrollBehaviors = [];
      window.scrollTo = ((options: ScrollToOptions) => {
        (window as unknown as { scrollBehaviors: string[] }).scrollBehaviors.push(String(options?.behavior));
        scrollTo(options);
      }) as typeof window.scrollTo;
    });
    const scrollBehaviors = () => page.evaluate(() => (window as unknown as { scrollBehaviors: string[] }).scrollBehaviors);
    const navLink = 'nav[aria-label="Main"] a[href="/partners"]';

    await gotoHydrated(page, "/");
    expect(await computed(page, navLink, "transition-duration")).toBe("0.15s");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL("/privacy");
    await expect.poll(scrollBehaviors).toEqual(["smooth"]);

    const dialog = await openPanel(page);
    await dialog.getByRole("checkbox", { name: "Reduce motion" }).check();
    await closePanel(page);
    expect(px(await computed(page, navLink, "transition-duration"))).toBeLessThan(0.001);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Membership" }).click();
    await expect(page).toHaveURL("/terms");
    await expect.poll(scrollBehaviors).toEqual(["smooth", "auto"]);
  });

  test("screen reader optimizations underline links, unstick the header and move focus to a new page's content", async ({ page }) => {
    await gotoHydrated(page, "/");
    const footerLink = 'footer a[href="/privacy"]';
    expect(await computed(page, footerLink, "text-decoration-line")).toBe("none");
    expect(await computed(page, "header.sticky", "position")).toBe("sticky");

    const dialog = await openPanel(page);
    await dialog.getByRole("checkbox", { name: "Screen reader optimizations" }).check();
    await closePanel(page);
    expect(await computed(page, footerLink, "text-decoration-line")).toBe("underline");
    expect(await computed(page, "header.sticky", "position")).toBe("relative");

    await page.locator(footerLink).click();
    await expect(page).toHaveURL("/privacy");
    await expect(page.locator("#main-content")).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Page loaded: Privacy Policy" })).toHaveCount(1);
  });

  test("without screen reader optimizations focus stays on the chosen link", async ({ page }) => {
    await gotoHydrated(page, "/");
    const link = page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" });
    await link.click();
    await expect(page).toHaveURL("/privacy");
    await expect(page.locator("#main-content")).not.toBeFocused();
  });

  test("the strong focus indicator draws a thick two-colour ring; off leaves the standard outline", async ({ page }) => {
    await gotoHydrated(page, "/");
    const skipLink = "a[href='#main-content']";
    await page.keyboard.press("Tab");
    await expect(page.locator(skipLink)).toBeFocused();
    expect(await computed(page, skipLink, "outline-width")).toBe("4px");
    expect(await computed(page, skipLink, "box-shadow")).toContain("0px 0px 0px 9px");

    const dialog = await openPanel(page);
    await dialog.getByRole("checkbox", { name: "Strong focus indicator" }).uncheck();
    await expectSaved(page, { focusIndicator: false });
    await gotoHydrated(page, "/");
    await page.keyboard.press("Tab");
    await expect(page.locator(skipLink)).toBeFocused();
    expect(await computed(page, skipLink, "outline-width")).toBe("3px");
    expect(await computed(page, skipLink, "box-shadow")).toBe("none");
  });

  test("each colour-blindness mode puts a real colour filter on the page", async ({ page }) => {
    await gotoHydrated(page, "/");
    const unfiltered = await page.screenshot();
    for (const mode of ["deuteranopia", "protanopia", "tritanopia"]) {
      const dialog = await openPanel(page);
      await dialog.getByRole("combobox", { name: "Color blindness filter" }).selectOption(mode);
      await page.keyboard.press("Escape");
      await expect(panel(page)).toBeHidden();
      expect(await computed(page, "html", "filter")).toBe(`url("#a11y-color-filter-${mode}")`);
      await expect(page.locator(`filter#a11y-color-filter-${mode} feColorMatrix`)).toHaveCount(1);
      expect((await page.screenshot()).equals(unfiltered), `${mode} changes the rendered colours`).toBe(false);
    }

    // On <html>, the filter does not move fixed elements: the button stays in the corner.
    await page.mouse.wheel(0, 2000);
    const box = await widgetButton(page).boundingBox();
    const viewport = page.viewportSize();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo((viewport?.height ?? 0) - 16, 0);

    const dialog = await openPanel(page);
    await dialog.getByRole("combobox", { name: "Color blindness filter" }).selectOption("none");
    expect(await computed(page, "html", "filter")).toBe("none");
  });

  test("the reading guide follows the pointer and the keyboard focus", async ({ page }) => {
    await gotoHydrated(page, "/");
    const guide = page.getByTestId("reading-guide");
    await expect(guide).toHaveCount(0);
    const dialog = await openPanel(page);
    await dialog.getByRole("checkbox", { name: "Reading guide" }).check();
    await closePanel(page);

    await expect(guide).toBeVisible();
    await page.mouse.move(400, 300);
    await expect.poll(async () => (await guide.boundingBox())?.y).toBeCloseTo(312, 0);
    await page.mouse.move(400, 520);
    await expect.poll(async () => (await guide.boundingBox())?.y).toBeCloseTo(532, 0);

    await page.keyboard.press("Alt+Digit1");
    await page.keyboard.press("Tab");
    await expect(page.locator("main a").first()).toBeFocused();
    const focused = await page.evaluate(() => document.activeElement?.getBoundingClientRect().bottom ?? 0);
    await expect.poll(async () => (await guide.boundingBox())?.y).toBeCloseTo(focused + 4, 0);

    await (await openPanel(page)).getByRole("checkbox", { name: "Reading guide" }).uncheck();
    await expect(guide).toHaveCount(0);
  });
});

test.describe("saving", () => {
  test("settings persist in the cookie and the next page's first HTML carries them, before any script (no flash)", async ({ page }) => {
    await gotoHydrated(page, "/");
    const dialog = await openPanel(page);
    await dialog.getByRole("slider", { name: "Text size" }).fill("150");
    await dialog.getByRole("slider", { name: "Text spacing" }).fill("125");
    await dialog.getByRole("checkbox", { name: "High contrast" }).check();
    await dialog.getByRole("checkbox", { name: "Screen reader optimizations" }).check();
    await dialog.getByRole("checkbox", { name: "Reduce motion" }).check();
    await dialog.getByRole("checkbox", { name: "Strong focus indicator" }).uncheck();
    await dialog.getByRole("combobox", { name: "Color blindness filter" }).selectOption("deuteranopia");
    await expectSaved(page, {
      fontSize: 150,
      textSpacing: 125,
      highContrast: true,
      screenReader: true,
      reduceMotion: true,
      focusIndicator: false,
      colorBlindness: "deuteranopia",
    });

    // Hold back every script bundle: whatever shows now comes from the HTML and the CSS alone.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/privacy", { waitUntil: "commit" });
    await page.locator("footer").waitFor({ state: "attached" });
    // The style sheet may still be on its way when the footer is parsed: read styles once it applies.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet !== null),
    );
    const beforeHydration = await page.evaluate(() => ({
      hydrated: document.documentElement.hasAttribute("data-hydrated"),
      fontSize: getComputedStyle(document.documentElement).fontSize,
      background: getComputedStyle(document.documentElement).backgroundColor,
      filter: getComputedStyle(document.documentElement).filter,
      letterSpacingInEm: (() => {
        const paragraph = getComputedStyle(document.querySelector("main .prose-club p") ?? document.body);
        return Number.parseFloat(paragraph.letterSpacing) / Number.parseFloat(paragraph.fontSize);
      })(),
      linkUnderline: getComputedStyle(document.querySelector("footer a") ?? document.body).textDecorationLine,
      navTransitionSeconds: Number.parseFloat(
        getComputedStyle(document.querySelector('nav[aria-label="Main"] a') ?? document.body).transitionDuration,
      ),
      strongFocusIndicator: document.documentElement.hasAttribute("data-a11y-focus-indicator"),
    }));
    expect(beforeHydration).toEqual({
      hydrated: false,
      fontSize: "24px",
      background: "rgb(0, 0, 0)",
      filter: 'url("#a11y-color-filter-deuteranopia")',
      letterSpacingInEm: expect.closeTo(0.12 * 1.25, 3),
      linkUnderline: "underline",
      navTransitionSeconds: expect.closeTo(0, 3),
      strongFocusIndicator: false,
    });
    release();

    await expect(widgetButton(page)).toHaveAttribute("aria-expanded", "false");
    await waitForHydration(page);
    const reopened = await openPanel(page);
    await expect(reopened.getByRole("slider", { name: "Text size" })).toHaveValue("150");
    await expect(reopened.getByRole("slider", { name: "Text spacing" })).toHaveValue("125");
    await expect(reopened.getByRole("checkbox", { name: "High contrast" })).toBeChecked();
    await expect(reopened.getByRole("combobox", { name: "Color blindness filter" })).toHaveValue("deuteranopia");
    expect(await computed(page, "html", "font-size")).toBe("24px");
  });

  test("the settings page's form, with JavaScript, saves and applies at once, and the panel follows it", async ({ page }) => {
    await gotoHydrated(page, "/accessibility/settings");
    await expectNoAxeViolations(page);
    await page.getByLabel("Text size").selectOption("150");
    await page.getByRole("checkbox", { name: "High contrast" }).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expectToast(page, "Settings saved", "They apply on every page of the site, in this browser.");
    await expect(page).toHaveURL("/accessibility/settings");
    await expect.poll(() => computed(page, "html", "font-size")).toBe("24px");
    expect(await computed(page, "html", "background-color")).toBe("rgb(0, 0, 0)");
    await expectSaved(page, { fontSize: 150, highContrast: true });

    const dialog = await openPanel(page);
    await expect(dialog.getByRole("slider", { name: "Text size" })).toHaveValue("150");
    // A change in the panel is saved too, and the next page opens in it.
    await dialog.getByRole("slider", { name: "Text size" }).fill("125");
    await expectSaved(page, { fontSize: 125, highContrast: true });
    await gotoHydrated(page, "/memberships");
    expect(await computed(page, "html", "font-size")).toBe("20px");
  });

  test("without the cookie, the pre-paint script for older saved settings carries the CSP nonce", async ({ page }) => {
    const response = await page.goto("/");
    const csp = response?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = (await response?.text()) ?? "";
    expect(html).toContain(`<script nonce="${nonce}">(function(d,a,k,apply){`);
  });

  test("with the cookie, <html> carries the settings and a nonced style their sizes, and no pre-paint script", async ({
    page,
    context,
    baseURL,
  }) => {
    const settings = { fontSize: 175, textSpacing: 150, highContrast: true, colorBlindness: "protanopia" };
    await context.addCookies([{ name: SETTINGS_COOKIE, value: encodeURIComponent(JSON.stringify(settings)), url: baseURL ?? "" }]);
    const response = await page.goto("/memberships");
    const nonce = /'nonce-([^']+)'/.exec(response?.headers()["content-security-policy"] ?? "")?.[1];
    const html = (await response?.text()) ?? "";
    expect(html).toMatch(/<html lang="en" [^>]*data-a11y-large-text=""/);
    expect(html).toMatch(/<html [^>]*data-a11y-high-contrast=""/);
    expect(html).toMatch(/<html [^>]*data-a11y-color-filter="protanopia"/);
    expect(html).toContain(`<style nonce="${nonce}">:root{--a11y-font-size:175%;--a11y-text-spacing:1.5}</style>`);
    expect(html).not.toContain("(function(d,a,k,apply){");
    expect(await computed(page, "html", "font-size")).toBe("28px");

    // Hydration keeps them, and the panel shows them.
    await waitForHydration(page);
    const dialog = await openPanel(page);
    await expect(dialog.getByRole("slider", { name: "Text size" })).toHaveValue("175");
    await expect(dialog.getByRole("checkbox", { name: "High contrast" })).toBeChecked();
    expect(await computed(page, "html", "background-color")).toBe("rgb(0, 0, 0)");
  });

  test("settings left in localStorage by an older version move into the cookie once, each invalid field replaced by its default", async ({
    page,
  }) => {
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem("stored-once")) {
        localStorage.setItem(key, JSON.stringify({ fontSize: 999, highContrast: true, colorBlindness: "sepia" }));
        sessionStorage.setItem("stored-once", "yes");
      }
    }, STORAGE_KEY);
    await gotoHydrated(page, "/");
    expect(await computed(page, "html", "font-size")).toBe("16px");
    expect(await computed(page, "html", "background-color")).toBe("rgb(0, 0, 0)");
    expect(await computed(page, "html", "filter")).toBe("none");
    await expectSaved(page, { fontSize: 100, highContrast: true, colorBlindness: "none" });
    // Dropped once the save's answer has arrived, just after the cookie.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();

    // From now on the server renders them.
    const response = await page.goto("/");
    expect(await response?.text()).toMatch(/<html [^>]*data-a11y-high-contrast=""/);
    await waitForHydration(page);
    const dialog = await openPanel(page);
    await expect(dialog.getByRole("slider", { name: "Text size" })).toHaveValue("100");
    await expect(dialog.getByRole("checkbox", { name: "High contrast" })).toBeChecked();
  });

  test("reset to defaults restores every setting and what the page shows", async ({ page }) => {
    await gotoHydrated(page, "/");
    const dialog = await openPanel(page);
    await dialog.getByRole("slider", { name: "Text size" }).fill("200");
    await dialog.getByRole("slider", { name: "Text spacing" }).fill("175");
    for (const name of ["High contrast", "Reduce motion", "Screen reader optimizations", "Reading guide"]) {
      await dialog.getByRole("checkbox", { name }).check();
    }
    for (const name of ["Keyboard shortcuts", "Strong focus indicator"]) await dialog.getByRole("checkbox", { name }).uncheck();
    await dialog.getByRole("combobox", { name: "Color blindness filter" }).selectOption("protanopia");
    expect(await computed(page, "html", "font-size")).toBe("32px");

    await dialog.getByRole("button", { name: "Reset to defaults" }).click();
    await expect(dialog.getByRole("status")).toHaveText("All settings are back to their defaults.");
    await expect(dialog.getByRole("slider", { name: "Text size" })).toHaveValue("100");
    await expect(dialog.getByRole("slider", { name: "Text spacing" })).toHaveValue("100");
    for (const [name, checked] of [
      ["High contrast", false],
      ["Reduce motion", false],
      ["Keyboard shortcuts", true],
      ["Screen reader optimizations", false],
      ["Strong focus indicator", true],
      ["Reading guide", false],
    ] as const) {
      await expect(dialog.getByRole("checkbox", { name })).toBeChecked({ checked });
    }
    await expect(dialog.getByRole("combobox", { name: "Color blindness filter" })).toHaveValue("none");
    expect(await computed(page, "html", "font-size")).toBe("16px");
    expect(await computed(page, "html", "background-color")).toBe("rgb(15, 11, 8)");
    expect(await computed(page, "html", "filter")).toBe("none");
    await expect(page.getByTestId("reading-guide")).toHaveCount(0);

    await expect.poll(() => savedSettings(page)).toEqual(EVERY_DEFAULT);
    await page.reload();
    expect(await computed(page, "html", "font-size")).toBe("16px");
    expect(await savedSettings(page)).toEqual(EVERY_DEFAULT);
  });

  test("when localStorage is blocked, settings still apply and are saved, and only a warning is logged", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("Storage is disabled", "SecurityError");
        },
      });
    });
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await gotoHydrated(page, "/");
    const dialog = await openPanel(page);
    await dialog.getByRole("slider", { name: "Text size" }).fill("125");
    expect(await computed(page, "html", "font-size")).toBe("20px");
    await expectSaved(page, { fontSize: 125 });
    expect(warnings.some((warning) => warning.includes("Accessibility settings could not be read"))).toBe(true);
  });
});

test.describe("keyboard shortcuts", () => {
  test("Alt+A toggles the panel, from anywhere, and focus goes back where it was", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("link", { name: "Memberships", exact: true }).first().focus();
    await page.keyboard.press("Alt+KeyA");
    await expect(panel(page)).toBeVisible();
    expect(await panel(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Alt+KeyA");
    await expect(panel(page)).toBeHidden();
    await expect(page.getByRole("link", { name: "Memberships", exact: true }).first()).toBeFocused();
  });

  test("Alt+1 moves focus to the main content, also from the open panel", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.keyboard.press("Alt+Digit1");
    await expect(page.locator("#main-content")).toBeFocused();

    await page.keyboard.press("Alt+KeyA");
    await expect(panel(page)).toBeVisible();
    await page.keyboard.press("Alt+Digit1");
    await expect(panel(page)).toBeHidden();
    await expect(page.locator("#main-content")).toBeFocused();
  });

  test("Esc closes the panel opened by Alt+A", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.keyboard.press("Alt+KeyA");
    await expect(panel(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
  });

  test("turning keyboard shortcuts off disables them", async ({ page }) => {
    await gotoHydrated(page, "/");
    const dialog = await openPanel(page);
    await dialog.getByRole("checkbox", { name: "Keyboard shortcuts" }).uncheck();
    await page.keyboard.press("Alt+KeyA");
    await expect(panel(page)).toBeVisible();
    await closePanel(page);

    await page.keyboard.press("Alt+KeyA");
    await expect(panel(page)).toBeHidden();
    await page.keyboard.press("Alt+Digit1");
    await expect(page.locator("#main-content")).not.toBeFocused();

    await expectSaved(page, { keyboardNavigation: false });
    await gotoHydrated(page, "/");
    await page.keyboard.press("Alt+KeyA");
    await expect(panel(page)).toBeHidden();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("Alt+M opens the main menu with focus in it, Alt+M and Esc close it", async ({ page }) => {
      await gotoHydrated(page, "/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav).toBeHidden();

      await page.keyboard.press("Alt+KeyM");
      await expect(nav).toBeVisible();
      await expect(nav.getByRole("link", { name: "Home" })).toBeFocused();
      await page.keyboard.press("Alt+KeyM");
      await expect(nav).toBeHidden();
      await expect(page.getByRole("button", { name: "Menu" })).toBeFocused();

      await page.keyboard.press("Alt+KeyM");
      await expect(nav).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
    });

    test("Alt+M is off with keyboard shortcuts off", async ({ page }) => {
      await gotoHydrated(page, "/");
      const dialog = await openPanel(page);
      await dialog.getByRole("checkbox", { name: "Keyboard shortcuts" }).uncheck();
      await closePanel(page);
      await page.keyboard.press("Alt+KeyM");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    });

    test("at large text the header scrolls away, and its menu still opens right under it", async ({ page }) => {
      await gotoHydrated(page, "/");
      const dialog = await openPanel(page);
      await dialog.getByRole("slider", { name: "Text size" }).fill("150");
      await closePanel(page);
      expect(await computed(page, "header.sticky", "position")).toBe("relative");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.getByRole("button", { name: "Menu" }).click();
      const header = await page.getByRole("banner").boundingBox();
      const nav = await page.getByRole("navigation", { name: "Main" }).boundingBox();
      // Directly under the header (its 1px bottom border aside).
      expect(Math.abs((nav?.y ?? 0) - ((header?.y ?? 0) + (header?.height ?? 0)))).toBeLessThanOrEqual(1);
    });

    test("the open panel fits the screen", async ({ page }) => {
      await gotoHydrated(page, "/");
      const dialog = await openPanel(page);
      const box = await dialog.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      expect(box?.y).toBeGreaterThanOrEqual(0);
      await page.screenshot({ path: "screenshots/accessibility-panel-390.png" });
    });
  });
});

test("a page in high contrast at 200% text size has no axe violations", async ({ page }) => {
  test.slow();
  await gotoHydrated(page, "/");
  const dialog = await openPanel(page);
  await dialog.getByRole("slider", { name: "Text size" }).fill("200");
  await dialog.getByRole("checkbox", { name: "High contrast" }).check();
  await closePanel(page);
  expect(await computed(page, "html", "font-size")).toBe("32px");
  await expectNoAxeViolations(page);

  await page.goto("/accessibility");
  expect(await computed(page, "html", "background-color")).toBe("rgb(0, 0, 0)");
  await expectNoAxeViolations(page);
});
