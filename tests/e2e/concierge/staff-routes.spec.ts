import type { Page } from "@playwright/test";
import { demoAccounts } from "#scripts/members-demo-accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { queryLocalD1 } from "../support/local-d1.ts";
import { signIn, signInAsNewMember } from "../support/members-fixtures.ts";

/**
 * Every console, door and photo address in one matrix (docs/product-rules.md#door, #concierge): a
 * visitor, a member and a door-only account each get the site's 404 page wherever they do not
 * belong, with nothing of the page in it; the door account gets the door. The workerd suites prove
 * the same for each action; this proves what a browser is shown.
 */
interface Addresses {
  /** Pages: the site's 404 page. */
  pages: string[];
  /** Files and data (photos, CSVs, the door's list): a bare 404 with nothing of the answer in it. */
  resources: string[];
}

function consoleAddresses(memberId: string): Addresses {
  return {
    pages: [
      "/concierge",
      "/concierge/members",
      `/concierge/members/${memberId}`,
      "/concierge/dashboard",
      "/concierge/audit-log",
      "/concierge/exports",
      "/concierge/payments",
      "/concierge/lockers",
    ],
    // The security log's old address (now a redirect to the audit log) answers like a resource.
    resources: [
      `/concierge/members/${memberId}/photo`,
      "/concierge/exports/members.csv",
      "/concierge/exports/check-ins.csv",
      "/concierge/security-events",
    ],
  };
}

function doorAddresses(memberId: string): Addresses {
  return { pages: ["/door"], resources: ["/door/list", "/door/check-ins", `/door/photos/${memberId}`] };
}

/** The demo member's id: a real member, so a 404 is the role's answer, not a missing record. */
function demoMemberId(): string {
  const [row] = queryLocalD1<{ id: string }>("SELECT id FROM members WHERE email = ?", demoAccounts.member.email);
  if (!row) throw new Error("the demo member is not seeded");
  return row.id;
}

async function expectNotFound(page: Page, ...addresses: Addresses[]) {
  for (const path of addresses.flatMap((address) => address.pages)) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Page Not Found");
  }
  // With the page's own cookies, as the browser would fetch them.
  for (const path of addresses.flatMap((address) => address.resources)) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
    const body = await response.text();
    expect(body.length, `${path}: ${body}`).toBeLessThan(200);
    expect(body, path).not.toMatch(/@|Paid through|checkIns|occupancy/);
  }
}

test("a visitor gets the 404 on every console, door and photo address", async ({ page }) => {
  const memberId = demoMemberId();
  await expectNotFound(page, consoleAddresses(memberId), doorAddresses(memberId));
  // The card's photo is the member's own: a visitor is not sent to sign in for it, just told nothing.
  expect((await page.request.get("/members/card/photo")).status()).toBe(404);
});

test("a member gets the 404 on every console and door address", async ({ page }) => {
  const memberId = demoMemberId();
  await signInAsNewMember(page, { rulesAccepted: true });
  await expectNotFound(page, consoleAddresses(memberId), doorAddresses(memberId));
});

test("door staff get the door, and the 404 on every console address and member page", async ({ page }) => {
  const memberId = demoMemberId();
  await signIn(page, demoAccounts.door.email);
  // A door account is staff, not a member: the members' pages are not theirs either.
  await expectNotFound(page, consoleAddresses(memberId), { pages: ["/members", "/members/card", "/members/events"], resources: [] });
  await expect(page.locator('header a[href="/members"]')).toHaveCount(0);
  const door = await page.goto("/door");
  expect(door?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Page Not Found");
});
