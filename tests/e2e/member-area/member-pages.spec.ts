import { type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectToast, gotoHydrated, test } from "../support/fixtures.ts";
import { signIn, signInAsNewMember } from "../support/members-fixtures.ts";

/**
 * The members-only pages, end to end against the local D1: the club rules step, then
 * /members, /rewards, /media and /luxury-vendors with their data and forms. Every test signs in a
 * fresh member, so tests never share a balance or a guest.
 */
const memberPages = [
  { path: "/members", heading: /^Welcome, / },
  { path: "/rewards", heading: "Loyalty, kept in good leather." },
  { path: "/media", heading: "The name, worn well." },
  { path: "/luxury-vendors", heading: "The people we send our members to." },
  { path: "/members/locker", heading: "Your Locker" },
] as const;

const region = (page: Page, name: string) => page.getByRole("region", { name });

test.describe("the club rules step", () => {
  test("shows only the rules on a member's first visit, then the page they asked for", async ({ page }) => {
    await signInAsNewMember(page, { points: 5000, rulesAccepted: false });
    await page.goto("/rewards");

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("First, the club rules.");
    await expect(page.getByRole("heading", { name: "Article 1. Admission and identification" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Article 9. Zero tolerance" })).toBeVisible();
    await expect(region(page, "Points balance")).toHaveCount(0);
    await expect(page.getByText("5,000 points")).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "I accept the club rules" }).click();
    await expect(page).toHaveURL("/rewards");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Loyalty, kept in good leather.");
    await expect(region(page, "Points balance")).toContainText("5,000 points");

    // Accepted once: the other member areas open straight away, after a reload too.
    await page.goto("/members");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome, /);
    await expect(page.getByRole("button", { name: "I accept the club rules" })).toHaveCount(0);
  });

  test("stands in front of every member area and of the downloads until accepted", async ({ page }) => {
    await signInAsNewMember(page, { rulesAccepted: false });
    for (const { path } of memberPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("First, the club rules.");
    }
    const download = await page.request.get("/media/downloads/ember-and-oak-logo-pack.zip", { maxRedirects: 0 });
    expect(download.status()).toBe(302);
    expect(download.headers()["content-disposition"]).toBeUndefined();
  });
});

test.describe("/members", () => {
  test("shows the member's tier and locker", async ({ page }) => {
    const member = await signInAsNewMember(page, { tier: "platinum", locker: true, rulesAccepted: true });
    await page.goto("/members");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${member.name}.`);
    const membership = region(page, "Tier and locker");
    await expect(membership).toContainText("Platinum");
    await expect(membership).toContainText(/Locker C-0\d/);
    await expect(membership).toContainText("Cedar-lined locker, Platinum Lounge.");
    await membership.getByRole("link", { name: "Your locker page" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Locker");
  });

  test("greets 'Welcome' on the first sign-in and 'Welcome back' on the next, though the first session has ended", async ({ page }) => {
    const member = await signInAsNewMember(page, { rulesAccepted: true });
    await page.goto("/members");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${member.name}.`);
    await page.context().clearCookies({ name: /ember_session$/ });
    await signIn(page, member.email, { redirectTo: "/members" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${member.name}.`);
  });

  test("says so when the member has no locker", async ({ page }) => {
    await signInAsNewMember(page, { tier: "kickback", rulesAccepted: true });
    await page.goto("/members");
    const membership = region(page, "Tier and locker");
    await expect(membership).toContainText("Kickback");
    await expect(membership).toContainText("No locker yet");
    await expect(membership).toContainText("You are not on the waitlist for a shared shelf.");
  });
});

test.describe("/rewards", () => {
  test("'Redeem' asks first, with the balance before and after; confirmed, the balance drops and the redemption is listed", async ({
    page,
  }) => {
    await signInAsNewMember(page, { points: 5000, rulesAccepted: true });
    await gotoHydrated(page, "/rewards");
    await expect(region(page, "Points balance")).toContainText("5,000 points");
    await expect(region(page, "Recently redeemed")).toContainText("Nothing redeemed yet.");

    await page.getByRole("link", { name: "Redeem Double-guillotine cutter" }).click();
    const confirmation = region(page, "Confirm your redemption");
    await expect(confirmation).toContainText("Redeem Double-guillotine cutter for 1,200 points?");
    await expect(confirmation).toContainText("Your balance goes from 5,000 points to 3,800 points.");
    // The step takes the focus, so the keyboard goes on from there.
    await expect(page.locator("#confirm-redemption")).toBeFocused();
    await expect(confirmation).toBeInViewport();
    await expectNoAxeViolations(page);
    // Nothing is spent by asking.
    await expect(region(page, "Points balance")).toContainText("5,000 points");

    await confirmation.getByRole("button", { name: "Confirm Redemption" }).click();
    await expectToast(page, "Reward redeemed", "Double-guillotine cutter for 1,200 points.");
    await expect(page).toHaveURL("/rewards");
    await expect(region(page, "Confirm your redemption")).toHaveCount(0);
    await expect(region(page, "Points balance")).toContainText("3,800 points");
    await expect(region(page, "Recently redeemed")).toContainText("Double-guillotine cutter");
    await expect(region(page, "Recently redeemed")).toContainText("1,200 points on");
  });

  test("'Keep My Points' leaves the shop as it was", async ({ page }) => {
    await signInAsNewMember(page, { points: 5000, rulesAccepted: true });
    await gotoHydrated(page, "/rewards");
    await page.getByRole("link", { name: "Redeem Double-guillotine cutter" }).click();
    await region(page, "Confirm your redemption").getByRole("link", { name: "Keep My Points" }).click();
    await expect(page).toHaveURL("/rewards");
    await expect(region(page, "Confirm your redemption")).toHaveCount(0);
    await expect(region(page, "Points balance")).toContainText("5,000 points");
    await expect(region(page, "Recently redeemed")).toContainText("Nothing redeemed yet.");
  });

  test("shows an item the points do not cover as unavailable, with what is missing, and no way to redeem it", async ({ page }) => {
    await signInAsNewMember(page, { points: 1000, rulesAccepted: true });
    await page.goto("/rewards");
    const humidor = page.getByRole("article", { name: "Cedar travel humidor" });
    await expect(humidor).toContainText("Unavailable: 2,500 more points needed");
    await expect(humidor.getByRole("link", { name: /^Redeem/ })).toHaveCount(0);
    await expect(humidor.getByRole("button")).toHaveCount(0);
    // Its confirmation's address asks nothing either.
    await page.goto("/rewards?redeem=cedar-travel-humidor");
    await expect(region(page, "Confirm your redemption")).toHaveCount(0);
    await expect(region(page, "Points balance")).toContainText("1,000 points");
  });
});

test.describe("/media", () => {
  test("downloads the logo pack and the fact sheet as private attachments", async ({ page }) => {
    await signInAsNewMember(page, { rulesAccepted: true });
    await page.goto("/media");

    const logoPack = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the logo pack" }).click();
    expect((await logoPack).suggestedFilename()).toBe("ember-and-oak-logo-pack.zip");

    const factSheet = await page.request.get("/media/downloads/ember-and-oak-media-kit.md");
    expect(factSheet.status()).toBe(200);
    expect(factSheet.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(factSheet.headers()["content-disposition"]).toBe('attachment; filename="ember-and-oak-media-kit.md"');
    expect(factSheet.headers()["cache-control"]).toBe("private, no-store");
    expect(await factSheet.text()).toContain("# Ember & Oak Society: media kit fact sheet");
  });

  test("gives a visitor no file, only the way to sign in", async ({ request }) => {
    const response = await request.get("/media/downloads/ember-and-oak-logo-pack.zip", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(new URL(response.headers()["location"] ?? "", "http://localhost").pathname).toBe("/auth");
  });
});

test.describe("/luxury-vendors", () => {
  test("lists the partner vendors and their member offers", async ({ page }) => {
    await signInAsNewMember(page, { rulesAccepted: true });
    await page.goto("/luxury-vendors");
    const offers = region(page, "Member offers");
    await expect(offers.getByRole("heading", { name: "Steel Bridge Barbers" })).toBeVisible();
    await expect(offers).toContainText("A complimentary hot-towel shave with your first cut.");
    await expect(offers.getByRole("heading", { level: 3 })).toHaveCount(5);
  });
});

test("every member page passes axe", async ({ page }) => {
  // A sign-in and five full axe scans.
  test.setTimeout(90_000);
  await signInAsNewMember(page, { points: 2000, locker: true, rulesAccepted: true });
  for (const { path, heading } of memberPages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expectNoAxeViolations(page);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the rules step and a confirmed redemption work as plain form posts", async ({ page }) => {
    await signInAsNewMember(page, { points: 1500, rulesAccepted: false });
    await page.goto("/rewards");
    await page.getByRole("button", { name: "I accept the club rules" }).click();
    await expect(page).toHaveURL("/rewards");
    await page.getByRole("link", { name: "Redeem Double-guillotine cutter" }).click();
    await expect(region(page, "Confirm your redemption")).toContainText("Your balance goes from 1,500 points to 300 points.");
    await page.getByRole("button", { name: "Confirm Redemption" }).click();
    await expect(region(page, "Points balance")).toContainText("300 points");
    const cutter = page.getByRole("article", { name: "Double-guillotine cutter" });
    await expect(cutter).toContainText("Unavailable: 900 more points needed");
    await expect(cutter.getByRole("link", { name: /^Redeem/ })).toHaveCount(0);
  });

  test("the locker's nameplate and a request work as plain form posts, and a bad nameplate is refused", async ({ page }) => {
    await signInAsNewMember(page, { tier: "platinum", locker: true, rulesAccepted: true });
    await page.goto("/members/locker");
    await expect(region(page, "Nameplate")).toContainText("Your locker's nameplate is blank.");
    await page.getByLabel("Nameplate text").fill("<Quill>");
    await page.getByRole("button", { name: "Save Nameplate" }).click();
    await expect(region(page, "Nameplate")).toContainText("Use letters, digits, spaces and & . ' - only.");
    await page.getByLabel("Nameplate text").fill("A. Quill & Co.");
    await page.getByRole("button", { name: "Save Nameplate" }).click();
    await expect(region(page, "Nameplate")).toContainText("Your nameplate reads “A. Quill & Co.”.");
    await page.getByLabel("What you need").selectOption("humidity");
    await page.getByLabel("Note (optional)").fill("Reads 58%.");
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect(region(page, "Requests").getByRole("listitem")).toContainText(["Humidity concern"]);
  });
});
