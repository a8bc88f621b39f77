import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test } from "../support/fixtures.ts";
import { expectNothingCovers } from "../support/covered-controls.ts";

/**
 * The accessibility settings button covers no control (docs/product-rules.md#accessibility): on
 * narrow screens and at large text it sits in the health warning bar's corner and scrolls with the
 * page; from 480 px at ordinary text it floats in the bottom right corner.
 */
const settingsButton = (page: Page) => page.getByRole("link", { name: "Accessibility settings", exact: true });
const pages = ["/", "/memberships", "/auth"];

/** The button's box lies inside the health warning bar's. */
async function expectInHealthWarningBar(page: Page): Promise<void> {
  const bar = await page.getByRole("complementary", { name: "Health warning" }).boundingBox();
  const button = await settingsButton(page).boundingBox();
  expect(bar && button).toBeTruthy();
  if (!bar || !button) return;
  expect(button.y).toBeGreaterThanOrEqual(bar.y);
  expect(button.y + button.height).toBeLessThanOrEqual(bar.y + bar.height);
  expect(button.x + button.width).toBeLessThanOrEqual(bar.x + bar.width);
  expect(button.width).toBeGreaterThanOrEqual(44);
}

for (const width of [320, 390, 430]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("sits in the health warning bar and covers no control", async ({ page }) => {
      test.slow();
      for (const path of pages) {
        await test.step(path, async () => {
          await gotoHydrated(page, path);
          await expectInHealthWarningBar(page);
          await expectNothingCovers(page);
        });
      }
    });
  });
}

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the hero's 'Request Executive Invitation' is clear of it as the page opens", async ({ page }) => {
    await gotoHydrated(page, "/");
    const hero = page.getByRole("region", { name: "The inner circle keeps its chairs warm." });
    const invitation = hero.getByRole("link", { name: "Request Executive Invitation" });
    const box = await invitation.boundingBox();
    if (box && box.y + box.height <= 844) {
      const centreOwner = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.textContent ?? null, {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      });
      expect(centreOwner).toBe("Request Executive Invitation");
    }
    await expect(settingsButton(page)).toBeInViewport();
  });

  test("still opens the panel, and scrolls away with the page", async ({ page }) => {
    await gotoHydrated(page, "/memberships");
    await settingsButton(page).click();
    await expect(page.getByRole("dialog", { name: "Accessibility settings" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.mouse.wheel(0, 1500);
    await expect(settingsButton(page)).not.toBeInViewport();
  });
});

test.describe("at 200 % text", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "ember_a11y", value: encodeURIComponent(JSON.stringify({ fontSize: 200 })), url: baseURL ?? "" }]);
  });

  for (const width of [390, 1440]) {
    test(`at ${width} px it sits in the health warning bar and covers no control`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      for (const path of pages) {
        await test.step(path, async () => {
          await gotoHydrated(page, path);
          expect(await page.locator("html").evaluate((html) => getComputedStyle(html).fontSize)).toBe("32px");
          await expectInHealthWarningBar(page);
          await expectNothingCovers(page);
        });
      }
    });
  }
});

test("from 480 px at ordinary text it floats in the bottom right corner", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await gotoHydrated(page, "/");
  const box = await settingsButton(page).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeCloseTo(1024 - 16, 0);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(768 - 16, 0);
  expect(await settingsButton(page).evaluate((link) => getComputedStyle(link).position)).toBe("fixed");
});
