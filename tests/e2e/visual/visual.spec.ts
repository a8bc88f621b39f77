import { readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, gotoHydrated, test } from "../support/fixtures.ts";
import { signInAsNewMember } from "../support/members-fixtures.ts";

/**
 * Screenshot comparisons of the pages every visitor and member sees first (README.md#screenshot-comparisons):
 * a layout regression (a call to action pushed out of the header, a dialog's actions below the
 * fold) fails the suite. The baselines beside this file were rendered by the Chromium CI installs
 * (Debian's package); a browser of another major version renders text differently, so the suite
 * refuses to compare against it rather than fail on every glyph.
 */
const WIDTHS = [390, 1024, 1366, 1440] as const;
const HEIGHT = 900;

const baselineChromium = readFileSync(new URL("./chromium-version.txt", import.meta.url), "utf8").trim();

test.beforeEach(({ browser }) => {
  const major = (version: string) => version.split(".")[0];
  expect(
    major(browser.version()),
    `The baselines were rendered in Chromium ${baselineChromium}; this is ${browser.version()}. ` +
      "Render them again with `npm run test:visual -- --update-snapshots`, look at each, and update chromium-version.txt.",
  ).toBe(major(baselineChromium));
});

/**
 * Every image loaded and every web font ready: a screenshot never catches a page half-painted. A
 * lazy image below the fold would wait for a scroll that never comes, so it loads now.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const images = Array.from(document.images);
    for (const image of images) image.loading = "eager";
    await Promise.all(images.map((image) => (image.complete ? null : image.decode().catch(() => null))));
  });
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: HEIGHT } });

    test("the home page", async ({ page }) => {
      await gotoHydrated(page, "/");
      await settled(page);
      await expect(page).toHaveScreenshot(`home-${width}.png`, { fullPage: true });
    });

    test("/memberships", async ({ page }) => {
      await gotoHydrated(page, "/memberships");
      await settled(page);
      // The calendar's teaser lists the next four events, which other tests create and cancel: each
      // line is given the same words (and so the same height), as the page writes them.
      const teaser = page.getByRole("region", { name: "On the calendar" }).getByRole("list");
      await expect(teaser.getByRole("listitem")).toHaveCount(4);
      await teaser.evaluate((list) => {
        for (const item of Array.from(list.children)) item.innerHTML = '<span class="text-brass">December</span> · Maduro and Malt Tasting';
      });
      await expect(page).toHaveScreenshot(`memberships-${width}.png`, { fullPage: true });
    });

    test("the invitation dialog, its actions in view", async ({ page }) => {
      await gotoHydrated(page, "/");
      await page.getByRole("main").getByRole("link", { name: "Request Executive Invitation" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("button", { name: "Transmit Message" })).toBeEnabled();
      await expect(dialog.getByRole("button", { name: "Transmit Message" })).toBeInViewport();
      await settled(page);
      await expect(page).toHaveScreenshot(`invitation-dialog-${width}.png`);
    });

    test("the member area", async ({ page }) => {
      await signInAsNewMember(page, { tier: "business", rulesAccepted: true });
      await gotoHydrated(page, "/members");
      await settled(page);
      // Each test signs in a different member of the pool: the greeting is given one name, the rest
      // of the first screen is the same for every new Business member.
      const greeting = page.getByRole("heading", { level: 1 });
      await expect(greeting).toHaveText(/^Welcome, /);
      await greeting.evaluate((heading) => (heading.textContent = "Welcome, Avery Hale."));
      await expect(page).toHaveScreenshot(`members-${width}.png`);
    });
  });
}
