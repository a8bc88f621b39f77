import { type Page } from "@playwright/test";
import { claimPoolMember } from "./member-pool.ts";
import { expect } from "./fixtures.ts";

/**
 * Members for the end-to-end suite: each test claims its own member from the pool seeded before
 * the server started (tests/e2e/support/member-pool.ts) and signs in through the real /auth form, so
 * tests never share a balance, an RSVP or a session.
 */

/** A sign-in spends 600,000 PBKDF2 iterations on the server (seconds on a busy test machine). */
export const SIGN_IN_TIMEOUT = { timeout: 20_000 };

export interface NewMemberOptions {
  tier?: "kickback" | "business" | "platinum";
  role?: "member" | "concierge";
  points?: number;
  lockerNumber?: string;
  /** True: the member accepts the club rules right after signing in (default: the step still shows). */
  rulesAccepted?: boolean;
}

export function createMember(options: NewMemberOptions = {}): { email: string; name: string; password: string } {
  return claimPoolMember({ tier: options.tier, role: options.role, points: options.points, lockerNumber: options.lockerNumber });
}

/** Signs in through the /auth form as a person would (email, password, 'Sign In'). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible(SIGN_IN_TIMEOUT);
}

export async function signInAsNewMember(page: Page, options: NewMemberOptions = {}): Promise<{ email: string; name: string }> {
  const member = createMember(options);
  await signIn(page, member.email, member.password);
  if (options.rulesAccepted) {
    await page.goto("/members");
    await page.getByRole("button", { name: "I accept the club rules" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome back, /);
  }
  return { email: member.email, name: member.name };
}
