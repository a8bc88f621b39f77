import { type Page } from "@playwright/test";
import { AGE_GATE_COOKIE, expect, expectNoAxeViolations, gotoHydrated, test } from "../support/fixtures.ts";

// Headless Chromium announces itself as "HeadlessChrome", which isbot rightly calls a bot; these
// tests are about people, so they present an ordinary desktop Chrome.
const chromeUserAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

test.use({ ageGatePassed: false, userAgent: chromeUserAgent });

const gate = (page: Page) => page.getByRole("dialog", { name: /Are you 21 or older|Welcome to Ember & Oak Society/ });
const mainIsInert = (page: Page) => page.locator("#main-content").evaluate((main) => main.closest("[inert]") !== null);

test.describe("first visit to /", () => {
  test("the age question is in the first HTML, over content that cannot be reached", async ({ page, request }) => {
    const html = await (await request.get("/", { headers: { "User-Agent": chromeUserAgent } })).text();
    expect(html).toContain('id="age-gate-title"');
    expect(html).toContain("Yes, I am 21 or older");
    expect(html).toMatch(/<div inert="">[\s\S]*id="main-content"/);

    await page.goto("/");
    await expect(gate(page)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Are you 21 or older?" })).toBeFocused();
    await expect(gate(page)).toContainText("Cigar smoking can cause cancers");
    await expect(gate(page)).toContainText("You must be 21 or older");
    await expect(gate(page).getByRole("link", { name: /^Play the video: .+/ })).toBeVisible();
    expect(await mainIsInert(page)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("the public-health video loads only when asked for, in YouTube's privacy-enhanced player, titled", async ({ page }) => {
    const youtubeRequests: string[] = [];
    page.on("request", (request) => {
      if (/youtube|ytimg|googlevideo/.test(new URL(request.url()).hostname)) youtubeRequests.push(request.url());
    });
    await gotoHydrated(page, "/");
    await page.waitForLoadState("networkidle");
    expect(youtubeRequests).toEqual([]);

    const poster = gate(page).getByRole("link", { name: /^Play the video: .+/ });
    const box = await poster.boundingBox();
    await poster.click();
    const player = gate(page).locator("iframe");
    await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1$/);
    await expect(player).toHaveAttribute("title", /.+/);
    await expect(player).toBeFocused();
    // The player takes the poster's place exactly: nothing moves.
    expect(await player.boundingBox()).toEqual(box);
    await expect.poll(() => youtubeRequests.length).toBeGreaterThan(0);
  });

  test("'Yes' shows the intro, and entering slides it away, records the visit and opens the site", async ({ page, context }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Yes, I am 21 or older" }).click();

    await expect(page.getByRole("heading", { name: "Welcome to Ember & Oak Society" })).toBeFocused();
    await expect(gate(page)).toContainText("Our Story - Coming Soon");
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("ageVerification") ?? "null"))).toMatchObject({
      verified: true,
      userAgent: chromeUserAgent,
    });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("ageVerification") ?? "{}").redirected)).toBeUndefined();

    const slide = await gate(page).evaluate((dialog) => getComputedStyle(dialog).transitionDuration);
    expect(slide).toBe("0.6s");
    await page.getByRole("button", { name: "Discover Our World" }).click();
    await expect(gate(page)).toBeHidden();
    expect(await mainIsInert(page)).toBe(false);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const records = await page.evaluate(() => ({
      log: JSON.parse(localStorage.getItem("complianceLog") ?? "null"),
      entered: sessionStorage.getItem("entered"),
    }));
    expect(records.entered).toBe("true");
    expect(records.log).toMatchObject({ verified: true, entered: true });
    expect(records.log.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === AGE_GATE_COOKIE)?.value).toBe("entered");
  });

  test("'No' opens the quit resources in a new tab, records the visitor as unverified and keeps the site gated", async ({
    page,
    context,
  }) => {
    await context.route("https://smokefree.gov/**", (route) =>
      route.fulfill({ body: "<title>Smokefree</title>", contentType: "text/html" }),
    );
    await gotoHydrated(page, "/");
    const [quitTab] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: /No, I am under 21/ }).click()]);
    await expect(quitTab).toHaveURL("https://smokefree.gov/");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("ageVerification") ?? "null"))).toMatchObject({
      verified: false,
      redirected: true,
    });
    await expect(page.getByRole("heading", { name: "Are you 21 or older?" })).toBeVisible();
    expect(await mainIsInert(page)).toBe(true);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Are you 21 or older?" })).toBeVisible();
  });

  test("the intro cannot be entered while the age question is open", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.getByRole("button", { name: "Discover Our World" })).toHaveCount(0);
    await expect(page.getByText("or tap here to explore")).toHaveCount(0);
  });
});

test("the accessibility widget works over the age question, inside the gate's focus loop", async ({ page }) => {
  await gotoHydrated(page, "/");
  const widget = page.getByRole("link", { name: "Accessibility settings", exact: true });
  await expect(widget).toBeVisible();
  // The widget is part of the gate: not inert, and Tab from the gate's last control reaches it.
  expect(await widget.evaluate((button) => button.closest("[inert]") === null && button.closest('[role="dialog"]') !== null)).toBe(true);
  await page.getByRole("button", { name: "No, I am under 21" }).focus();
  // Past the video (the frame, and whatever it holds), the widget is the gate's last stop.
  for (let step = 0; step < 6 && !(await widget.evaluate((button) => button === document.activeElement)); step++)
    await page.keyboard.press("Tab");
  await expect(widget).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Yes, I am 21 or older" })).toBeFocused();

  // Alt+A opens the panel over the question, and a larger text size applies to it at once.
  await page.keyboard.press("Alt+KeyA");
  const panel = page.getByRole("dialog", { name: "Accessibility settings" });
  await expect(panel).toBeVisible();
  await panel.getByRole("slider", { name: "Text size" }).fill("150");
  await expect.poll(() => page.locator("html").evaluate((html) => getComputedStyle(html).fontSize)).toBe("24px");

  // The page behind the gate stays out of reach: Alt+1 and Alt+M, which would close the panel
  // on their way to the main content or the menu, do nothing while the gate is open.
  await page.keyboard.press("Alt+Digit1");
  await page.keyboard.press("Alt+KeyM");
  await expect(panel).toBeVisible();
  await expect(page.locator('[aria-controls="main-menu"]')).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // With the (closed) panel in the page, Shift+Tab still loops from the first control to the last.
  await page.getByRole("button", { name: "Yes, I am 21 or older" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(widget).toBeFocused();
  await expectNoAxeViolations(page);
});

test("a reload in the same session shows no opener; a new session shows it again", async ({ page, browser, baseURL }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Yes, I am 21 or older" }).click();
  await page.getByRole("button", { name: "Discover Our World" }).click();
  await expect(gate(page)).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(gate(page)).toHaveCount(0);

  const newSession = await browser.newContext({ baseURL, userAgent: chromeUserAgent });
  const freshPage = await newSession.newPage();
  await freshPage.goto("/");
  await expect(gate(freshPage)).toBeVisible();
  await newSession.close();
});

test("a deep link gets the age question alone and stays on its page", async ({ page }) => {
  await gotoHydrated(page, "/rules");
  await expect(page.getByRole("heading", { name: "Are you 21 or older?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, I am 21 or older" }).click();
  await expect(gate(page)).toHaveCount(0);
  await expect(page).toHaveURL("/rules");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The code we keep.");
  expect(await mainIsInert(page)).toBe(false);
});

test.describe("search-engine crawlers", () => {
  test.use({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });

  test("get the page content without the gate", async ({ page }) => {
    await page.goto("/");
    await expect(gate(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await mainIsInert(page)).toBe(false);
  });
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  async function swipeUp(page: Page, distance: number) {
    const session = await page.context().newCDPSession(page);
    const x = 195;
    const startY = 600;
    await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: startY }] });
    for (let step = 1; step <= 4; step++) {
      await session.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: startY - (distance * step) / 4 }] });
    }
    await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }

  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Yes, I am 21 or older" }).tap();
    await expect(page.getByRole("button", { name: "or tap here to explore" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Discover Our World" })).toBeHidden();
  });

  test("a swipe up of 80 px stays on the intro", async ({ page }) => {
    // Settles once the page has handled the swipe's last touch (window hears it after React) and
    // drawn the next frame.
    const swipeHandled = await page.evaluateHandle(() => ({
      done: new Promise<void>((resolve) =>
        window.addEventListener("touchend", () => requestAnimationFrame(() => resolve()), { once: true }),
      ),
    }));
    await swipeUp(page, 80);
    await swipeHandled.evaluate(({ done }) => done);
    // A swipe that enters starts the gate's slide away (-translate-y-full) in that same event.
    await expect(gate(page)).toHaveAttribute("data-stage", "intro");
    await expect(gate(page)).not.toHaveClass(/-translate-y-full/);
    await expect(gate(page)).toBeVisible();
  });

  test("a swipe up of 120 px enters", async ({ page }) => {
    await swipeUp(page, 120);
    await expect(gate(page)).toBeHidden();
  });

  test("'or tap here to explore' enters", async ({ page }) => {
    await page.getByRole("button", { name: "or tap here to explore" }).tap();
    await expect(gate(page)).toBeHidden();
  });
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the opener leaves without the slide", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Yes, I am 21 or older" }).click();
    const slide = await gate(page).evaluate((dialog) => parseFloat(getComputedStyle(dialog).transitionDuration));
    expect(slide).toBeLessThan(0.001);
    await page.getByRole("button", { name: "Discover Our World" }).click();
    await expect(gate(page)).toBeHidden();
  });
});

test("storage and UUID failures never block the visitor, and are reported as warnings", async ({ page }) => {
  await page.addInitScript(() => {
    const refuse = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    Storage.prototype.setItem = refuse;
    Storage.prototype.getItem = refuse;
    crypto.randomUUID = refuse as unknown as typeof crypto.randomUUID;
  });
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Yes, I am 21 or older" }).click();
  await page.getByRole("button", { name: "Discover Our World" }).click();
  await expect(gate(page)).toBeHidden();
  expect(warnings.some((warning) => warning.startsWith("age gate: could not save"))).toBe(true);
  expect(warnings.some((warning) => warning.includes("randomUUID failed"))).toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the gate still works as a form", async ({ page }) => {
    await page.goto("/memberships");
    await expect(page.getByRole("heading", { name: "Are you 21 or older?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, I am 21 or older" }).click();
    await expect(page).toHaveURL("/memberships");
    await expect(gate(page)).toHaveCount(0);

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Welcome to Ember & Oak Society" })).toBeVisible();
    await page.getByRole("button", { name: "Discover Our World" }).click();
    await expect(page).toHaveURL("/");
    await expect(gate(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("everything works by keyboard, and focus stays in the opener", async ({ page }) => {
  await gotoHydrated(page, "/");
  for (let press = 0; press < 8; press++) {
    await page.keyboard.press("Tab");
    const inGate = await page.evaluate(() => {
      const active = document.activeElement;
      return !!active && (active.closest('[role="dialog"]') !== null || active.tagName === "IFRAME");
    });
    expect(inGate).toBe(true);
  }
  await page.getByRole("button", { name: "Yes, I am 21 or older" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Welcome to Ember & Oak Society" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Discover Our World" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(gate(page)).toBeHidden();
  await expect(page.locator("#main-content")).toBeFocused();
});

// Focusing the main content once the gate has gone used to scroll the page down under the sticky
// header, hiding the health warning above it (docs/product-rules.md#age-gate).
test.describe("after entering, the page opens at its top with the health warning in view", () => {
  for (const width of [390, 1440]) {
    test(`through the intro, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await gotoHydrated(page, "/");
      await page.getByRole("button", { name: "Yes, I am 21 or older" }).click();
      await page.getByRole("button", { name: "Discover Our World" }).click();
      await expect(gate(page)).toBeHidden();
      await expect(page.locator("#main-content")).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page.getByRole("complementary", { name: "Health warning" })).toBeInViewport({ ratio: 1 });
    });
  }

  test("straight after the question, on a page other than home", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/memberships");
    await page.getByRole("button", { name: "Yes, I am 21 or older" }).click();
    await expect(gate(page)).toBeHidden();
    await expect(page.locator("#main-content")).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole("complementary", { name: "Health warning" })).toBeInViewport({ ratio: 1 });
  });
});
