import { type Page } from "@playwright/test";
import { createLocalMember } from "../../scripts/lib/local-members.mjs";
import { currentLockerQuarter } from "../../scripts/lib/member-fields.mjs";
import { expect } from "./fixtures";

/**
 * Members for the end-to-end suite: each test creates its own member in the server's local D1
 * (.wrangler/e2e, the same helper `npm start` seeds with) and signs in through the real /auth
 * form, so tests never share a balance, an RSVP or a session.
 */
const E2E_PERSIST_DIR = ".wrangler/e2e";

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

let created = 0;

export function createMember(options: NewMemberOptions = {}): { id: string; email: string; name: string; password: string } {
  created += 1;
  const suffix = `${process.pid}-${Date.now().toString(36)}-${created}`;
  const name = `Avery Quill ${created}`;
  const member = createLocalMember(E2E_PERSIST_DIR, {
    email: `e2e-${suffix}@members.example`,
    name,
    tier: options.tier ?? "business",
    role: options.role ?? "member",
    password: `e2e-password-${suffix}`,
    points: options.points ?? 0,
    lockerNumber: options.lockerNumber ?? null,
    lockerQuarter: options.lockerNumber ? currentLockerQuarter() : null,
  });
  return { ...member, name };
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
