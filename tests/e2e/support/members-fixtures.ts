import { closeSync, mkdirSync, openSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Page } from "@playwright/test";
import { claimPoolMember, E2E_PERSIST_DIR } from "./member-pool.ts";
import { expect } from "./fixtures.ts";
import { queryLocalD1 } from "./local-d1.ts";
import { E2E_SIGNING_KEY } from "./worker-vars.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";

/**
 * Members for the end-to-end suite: each test claims its own member from the pool seeded before
 * the server started (tests/e2e/support/member-pool.ts) and signs in through the real /auth form
 * with the code the site emails, so tests never share a balance, an RSVP or a session.
 */

/** How long a sign-in may take on a busy test machine (two page loads and an email read from the outbox). */
export const SIGN_IN_TIMEOUT = { timeout: 20_000 };

export interface NewMemberOptions {
  tier?: "kickback" | "business" | "platinum";
  role?: "member" | "concierge";
  points?: number;
  /** The member holds a locker of their tier's class. */
  locker?: boolean;
  /** True: the member accepts the club rules right after signing in (default: the step still shows). */
  rulesAccepted?: boolean;
}

export function createMember(options: NewMemberOptions = {}): { email: string; name: string } {
  return claimPoolMember({ tier: options.tier, role: options.role, points: options.points, locker: options.locker });
}

/** The id of the newest outbox row to `email` (0 when none): a later code email is the one just asked for. */
export function newestOutboxId(email: string): number {
  return queryLocalD1<{ id: number | null }>("SELECT MAX(id) AS id FROM outbox WHERE recipient = ?", email)[0]?.id ?? 0;
}

/**
 * The sign-in code emailed to `email` after outbox row `after`, as the member would read it: the
 * outbox keeps it sealed (docs/security.md#credentials-at-rest), opened here with the e2e server's
 * signing key as the email sender opens it.
 */
export async function emailedSignInCode(email: string, after: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = queryLocalD1<{ body: string }>(
      "SELECT body FROM outbox WHERE recipient = ? AND id > ? AND subject LIKE 'Your sign-in code%' ORDER BY id DESC LIMIT 1",
      email,
      after,
    );
    if (row) {
      const code = /<strong>(\d{6})<\/strong>/.exec(await unsealSecrets(E2E_SIGNING_KEY, row.body, (secret) => secret))?.[1];
      if (!code) throw new Error(`the sign-in email to ${email} holds no code`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`no sign-in code emailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Signs in through the /auth form as a person would: the email, 'Email Me a Code', the code from
 * the email, 'Sign In'. With `redirectTo`, /auth is opened to return there and the test waits for it.
 */
export async function signIn(page: Page, email: string, { redirectTo }: { redirectTo?: string } = {}): Promise<void> {
  await page.goto(redirectTo ? `/auth?${new URLSearchParams({ redirectTo })}` : "/auth");
  const main = page.getByRole("main");
  const code = await oneSignInAtATime(email, async () => {
    const after = newestOutboxId(email);
    await main.getByLabel("Email", { exact: true }).fill(email);
    await main.getByRole("button", { name: "Email Me a Code" }).click();
    return emailedSignInCode(email, after);
  });
  await main.getByLabel("Code", { exact: true }).fill(code);
  await main.getByRole("button", { name: "Sign In", exact: true }).click();
  if (redirectTo) await expect(page).toHaveURL(redirectTo, SIGN_IN_TIMEOUT);
  // Signed in: the header holds the Sign Out form. Attached, not visible: on a phone it sits in the
  // closed menu, which without JavaScript never opens.
  await expect(page.locator('header form[action="/auth/sign-out"]')).toBeAttached(SIGN_IN_TIMEOUT);
}

export async function signInAsNewMember(page: Page, options: NewMemberOptions = {}): Promise<{ email: string; name: string }> {
  const member = createMember(options);
  await signIn(page, member.email);
  if (options.rulesAccepted) {
    await page.goto("/members");
    await page.getByRole("button", { name: "I accept the club rules" }).click();
    // A pool member signs in here for the first time (docs/product-rules.md#member-area).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome, /);
  }
  return { email: member.email, name: member.name };
}

const SIGN_IN_LOCKS = join(E2E_PERSIST_DIR, "sign-in-locks");
const STALE_LOCK_MS = 60_000;

/**
 * Sign-ins of one account (the demo concierge's, which several specs use) one at a time across the
 * suite's workers: each reads "the newest code emailed to this address", and a second browser
 * asking for a code meanwhile would have it read that browser's code. Held from asking for the
 * code until it is read. The lock is a file created exclusively; one left by a crashed worker
 * expires after a minute.
 */
async function oneSignInAtATime<T>(email: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(SIGN_IN_LOCKS, { recursive: true });
  const lock = join(SIGN_IN_LOCKS, `${email.replace(/[^a-z0-9]+/gi, "-")}.lock`);
  const deadline = Date.now() + 2 * STALE_LOCK_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { force: true });
      if (Date.now() > deadline) throw new Error(`waited too long to sign in as ${email}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}
