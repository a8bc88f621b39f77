import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolationsWithoutScripts, test } from "../support/fixtures.ts";

test.use({ javaScriptEnabled: false });

// The accessibility settings without the page's script: the settings button is a link to
// /accessibility/settings, whose form keeps the settings in a cookie the server renders into
// every page's first HTML (docs/product-rules.md#accessibility).
const rootStyle = (page: Page, property: "fontSize" | "backgroundColor") =>
  page.locator("html").evaluate((html, name) => getComputedStyle(html)[name], property);

test("the settings button opens the settings page, whose form changes text size and contrast for the next pages", async ({ page }) => {
  await page.goto("/memberships");
  expect(await rootStyle(page, "fontSize")).toBe("16px");
  await page.getByRole("link", { name: "Accessibility settings", exact: true }).click();
  await expect(page).toHaveURL("/accessibility/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessibility settings");
  await expectNoAxeViolationsWithoutScripts(page);

  await page.getByLabel("Text size").selectOption("150");
  await page.getByRole("checkbox", { name: "High contrast" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page).toHaveURL("/accessibility/settings?done=saved");
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
  await expect(page.getByLabel("Text size")).toHaveValue("150");
  await expect(page.getByRole("checkbox", { name: "High contrast" })).toBeChecked();
  expect(await rootStyle(page, "fontSize")).toBe("24px");
  await expectNoAxeViolationsWithoutScripts(page);

  // The next page opens in them.
  await page.goto("/memberships");
  await expect(page.locator("html")).toHaveAttribute("data-a11y-high-contrast", "");
  await expect(page.locator("html")).toHaveAttribute("data-a11y-large-text", "");
  expect(await rootStyle(page, "fontSize")).toBe("24px");
  expect(await rootStyle(page, "backgroundColor")).toBe("rgb(0, 0, 0)");

  // Reset brings the defaults back, on this page and the next.
  await page.goto("/accessibility/settings");
  await page.getByRole("button", { name: "Reset to defaults" }).click();
  await expect(page).toHaveURL("/accessibility/settings?done=reset");
  await expect(page.getByLabel("Text size")).toHaveValue("100");
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveAttribute("data-a11y-high-contrast", "");
  expect(await rootStyle(page, "fontSize")).toBe("16px");
  expect(await rootStyle(page, "backgroundColor")).toBe("rgb(15, 11, 8)");
});

test("a value no control offers is refused beside its field, and the saved settings stay", async ({ page }) => {
  await page.goto("/accessibility/settings");
  await page.getByRole("checkbox", { name: "High contrast" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page).toHaveURL("/accessibility/settings?done=saved");

  // A tampered form: a text size the list does not offer.
  await page.getByLabel("Text size").evaluate((select) => {
    const option = document.createElement("option");
    option.value = "1000";
    option.textContent = "1000%";
    select.append(option);
    (select as HTMLSelectElement).value = "1000";
  });
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Choose a text size from 75% to 200%, in steps of 25.")).toBeVisible();
  await expect(page.getByLabel("Text size")).toHaveAttribute("aria-invalid", "true");

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-a11y-high-contrast", "");
  expect(await rootStyle(page, "fontSize")).toBe("16px");
});
