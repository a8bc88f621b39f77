import { readFile } from "node:fs/promises";
import { demoAccounts } from "#scripts/members-demo-accounts.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { createMember, signIn } from "../support/members-fixtures.ts";

/**
 * The console's dashboard, audit log and exports (docs/product-rules.md#dashboard, #audit-log,
 * #exports) in Chromium: the 404 for whoever is not a concierge, the charts drawn without script and
 * named for assistive technology, a CSV downloaded, and that download found in the audit log.
 * Screenshots at a phone's, a tablet's and a desktop's width go to /tmp (out of git) to be looked at.
 */
const reportPages = ["/concierge/dashboard", "/concierge/audit-log", "/concierge/exports"];
const concierge = demoAccounts.concierge;

test.describe("the console's dashboard, audit log and exports", () => {
  test("answer 404 to a visitor and to a member, the CSVs too", async ({ page }) => {
    for (const path of [...reportPages, "/concierge/exports/members.csv"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
    const member = createMember({ tier: "kickback" });
    await signIn(page, member.email, { redirectTo: "/members" });
    for (const path of reportPages) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    }
    const csv = await page.request.get("/concierge/exports/members.csv");
    expect(csv.status()).toBe(404);
    expect(await csv.text()).not.toContain("Paid through");
  });

  test("answer 404 to door staff, who see only the door", async ({ page }) => {
    await signIn(page, demoAccounts.door.email, { redirectTo: "/door" });
    for (const path of [...reportPages, "/concierge/exports/payments.csv"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
  });

  test("the dashboard draws its charts, each named, with the figures as tables, at every width", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, concierge.email, { redirectTo: "/concierge/dashboard" });
    await expect(page.getByRole("heading", { level: 2, name: "Dashboard" })).toBeVisible();
    for (const name of [
      "Applications per week",
      "Check-ins per evening",
      "Members by tier against the cap",
      "Locker occupancy",
      "Dues collected per month",
    ]) {
      await expect(page.getByRole("img", { name })).toBeVisible();
    }
    await expect(page.getByRole("navigation", { name: "Concierge console" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The numbers behind a chart, opened without script.
    const tiers = page.getByRole("figure", { name: "Members by tier against the cap" });
    await tiers.getByText("The figures").click();
    await expect(
      tiers.getByRole("table", { name: "Members by tier against the cap" }).getByRole("rowheader", { name: "Platinum" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    for (const width of [390, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/wt18-dashboard-${width}.png`, fullPage: true });
    }
  });

  test("a CSV downloads with its heading row, and the audit log finds the download", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, concierge.email, { redirectTo: "/concierge/exports" });
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download members CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("members.csv");
    const lines = (await readFile((await file.path())!, "utf8")).trim().split("\r\n");
    expect(lines[0]).toBe("Name,Email,Tier,Role,Status,Dues,Paid through,Locker,Introduced by,Member since");
    expect(lines.some((line) => line.includes(concierge.email))).toBe(true);

    await page.getByRole("navigation", { name: "Concierge console" }).getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Audit log" })).toBeVisible();
    const search = page.getByRole("search", { name: "Search the audit log" });
    await search.getByLabel("Action").selectOption("sensitive_read");
    await search.getByLabel("Words").fill("members.csv");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]type=sensitive_read/);
    const table = page.getByRole("region", { name: "Audit log, newest first" });
    await expect(table.getByRole("row").nth(1)).toContainText("members exported as CSV");
    await expect(table.getByRole("row").nth(1)).toContainText(concierge.name);
    await expectNoAxeViolations(page);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/wt18-audit-log-${width}.png`, fullPage: true });
    }
    await page.goto("/concierge/exports");
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: "/tmp/wt18-exports-390.png", fullPage: true });
  });
});
