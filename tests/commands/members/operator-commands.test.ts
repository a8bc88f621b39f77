import { execFile, type ExecFileException } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "#worker/shared/hashing.ts";
import { demoAccounts } from "#scripts/members-demo-accounts.ts";

/**
 * The members commands as an operator runs them (`npm run member:* -- …`, docs/operators.md),
 * each in its own process against a scratch local D1 with the project's migrations applied; the
 * rows they write are read back and checked with the Worker's own hashing. No command takes or
 * prints a password: none exists (docs/decisions/008-passwordless-sign-in.md).
 * Each command starts wrangler's platform proxy (workerd), so every step takes seconds.
 */
const run = promisify(execFile);
const COMMAND_TIMEOUT = 180_000;

let persistTo: string;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function npmRun(script: string, ...args: string[]): Promise<Outcome> {
  // Local, whatever the shell running the tests has set (seed-local refuses a production one).
  const env = { ...process.env, ENVIRONMENT: "development" as const, CLOUDFLARE_ENV: "" };
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", script, "--", ...args], { encoding: "utf8", env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as ExecFileException & { stdout: string; stderr: string };
    return { code: typeof failed.code === "number" ? failed.code : -1, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Rows of the scratch D1, read-only, once the command that wrote them has exited. */
function query<Row>(sql: string, ...parameters: string[]): Row[] {
  const directory = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(directory).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database in ${directory}`);
  const database = new DatabaseSync(join(directory, file), { readOnly: true });
  try {
    return database.prepare(sql).all(...parameters) as Row[];
  } finally {
    database.close();
  }
}

interface MemberRecord {
  id: string;
  name: string;
  tier: string;
  role: string;
  status: string;
  email_confirmed_at: string | null;
  points_balance: number;
}

function member(email: string): MemberRecord | undefined {
  return query<MemberRecord>("SELECT * FROM members WHERE email = ?", email)[0];
}

function linkToken(output: string): string {
  const token = /http:\/\/localhost:8787\/invitation#([A-Za-z0-9_-]{43})\n/.exec(output)?.[1];
  if (!token) throw new Error(`no invitation link in:\n${output}`);
  return token;
}

beforeAll(async () => {
  persistTo = mkdtempSync(join(tmpdir(), "members-commands-"));
  await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { encoding: "utf8" });
}, COMMAND_TIMEOUT);

afterAll(() => {
  rmSync(persistTo, { recursive: true, force: true });
});

describe("npm run member:create", () => {
  const name = "Ada O'Brien'); DROP TABLE members;--";

  it(
    "creates an invited member, stores their text as typed, and prints a link whose token's hash is stored",
    async () => {
      const created = await npmRun(
        "member:create",
        "--email",
        " Ada@Example.COM ",
        "--name",
        name,
        "--tier",
        "business",
        "--persist-to",
        persistTo,
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain(
        `Created the invited member ${name} <ada@example.com>, business tier, on the local database in ${persistTo}.`,
      );
      const token = linkToken(created.stdout);
      const record = member("ada@example.com");
      expect(record).toMatchObject({ name, tier: "business", role: "member", status: "invited", email_confirmed_at: null });
      const [link] = query<{ token_hash: string; expires_at: string; used_at: string | null }>(
        "SELECT token_hash, expires_at, used_at FROM member_invitations WHERE member_id = ?",
        record!.id,
      );
      expect(link?.token_hash).toBe(await sha256Hex(token));
      expect(link?.used_at).toBeNull();
      expect(created.stdout).toContain(`works once, until ${link?.expires_at};`);
      expect(Date.parse(link!.expires_at) - Date.now()).toBeGreaterThan(7 * 24 * 60 * 60 * 1000 - 10 * 60 * 1000);
    },
    COMMAND_TIMEOUT,
  );

  it(
    "refuses an email that already belongs to a member, and writes nothing",
    async () => {
      const again = await npmRun(
        "member:create",
        "--email",
        "ada@example.com",
        "--name",
        "Someone Else",
        "--tier",
        "platinum",
        "--persist-to",
        persistTo,
      );
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(
        "Error: ada@example.com is already a member (status invited). Use member:invite-link for a new link, or member:set-status.",
      );
      expect(query("SELECT id FROM members WHERE email = ?", "ada@example.com")).toHaveLength(1);
    },
    COMMAND_TIMEOUT,
  );

  it(
    "creates the first concierge of a deployment as an invited member with a single-use link, and has no --password",
    async () => {
      const created = await npmRun(
        "member:create",
        ...["--email", "bo@example.com", "--name", "Bo Marsh", "--tier", "platinum", "--role", "concierge"],
        ...["--persist-to", persistTo],
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain(
        `Created the invited concierge Bo Marsh <bo@example.com>, platinum tier, on the local database in ${persistTo}.`,
      );
      const record = member("bo@example.com");
      expect(record).toMatchObject({ role: "concierge", tier: "platinum", status: "invited" });
      const [link] = query<{ token_hash: string }>("SELECT token_hash FROM member_invitations WHERE member_id = ?", record!.id);
      expect(link?.token_hash).toBe(await sha256Hex(linkToken(created.stdout)));
      expect(created.stdout).not.toMatch(/password/i);

      const withPassword = await npmRun(
        "member:create",
        ...["--email", "cy@example.com", "--name", "Cy Marsh", "--tier", "platinum", "--password", "a long concierge passphrase"],
        ...["--persist-to", persistTo],
      );
      expect(withPassword.code).toBe(1);
      expect(withPassword.stderr).toContain("Unknown option '--password'");
      expect(withPassword.stderr).not.toContain("[--password");
      expect(member("cy@example.com")).toBeUndefined();
    },
    COMMAND_TIMEOUT,
  );

  it(
    "refuses a mistyped option or a bad value with a message, before opening any database",
    async () => {
      const typo = await npmRun("member:create", "--emial", "x@example.com");
      expect(typo.code).toBe(1);
      expect(typo.stderr).toContain("Unknown option '--emial'");
      expect(typo.stderr).toContain("npm run member:create -- --email EMAIL");
      const badTier = await npmRun("member:create", "--email", "c@example.com", "--name", "Cy", "--tier", "gold");
      expect(badTier).toMatchObject({
        code: 1,
        stderr: expect.stringContaining("Error: --tier must be one of kickback, business, platinum"),
      });
      const nowhere = join(persistTo, "not-migrated");
      const missing = await npmRun(
        "member:create",
        "--email",
        "c@example.com",
        "--name",
        "Cy",
        "--tier",
        "kickback",
        "--persist-to",
        nowhere,
      );
      expect(missing.stderr).toContain(`Error: no local D1 in ${nowhere}: apply the migrations first`);
    },
    COMMAND_TIMEOUT,
  );

  it(
    "on a database without the migrations, says which command applies them instead of 'no such table'",
    async () => {
      const unmigrated = mkdtempSync(join(tmpdir(), "members-unmigrated-"));
      try {
        // An empty local D1, as `wrangler dev` leaves it before any migration.
        await run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", unmigrated, "--command", "SELECT 1"], {
          encoding: "utf8",
        });
        const refused = await npmRun("member:set-status", "--email", "ada@example.com", "--status", "active", "--persist-to", unmigrated);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(
          `Error: The database has no tables yet: run npx wrangler d1 migrations apply DB --local --persist-to ${unmigrated} first`,
        );
        expect(refused.stderr).not.toContain("no such table");
      } finally {
        rmSync(unmigrated, { recursive: true, force: true });
      }
    },
    COMMAND_TIMEOUT,
  );
});

describe("npm run member:invite-link and member:set-status", () => {
  it(
    "a new link replaces the member's open one",
    async () => {
      const memberId = member("ada@example.com")!.id;
      const [before] = query<{ token_hash: string }>("SELECT token_hash FROM member_invitations WHERE member_id = ?", memberId);
      const issued = await npmRun("member:invite-link", "--email", "ada@example.com", "--persist-to", persistTo);
      expect(issued.code, issued.stderr).toBe(0);
      expect(issued.stdout).toContain("earlier open links no longer work");
      const tokenHash = await sha256Hex(linkToken(issued.stdout));
      const links = query<{ token_hash: string; open: number }>(
        "SELECT token_hash, expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS open FROM member_invitations WHERE member_id = ? ORDER BY created_at",
        memberId,
      );
      expect(links).toEqual([
        { token_hash: before?.token_hash, open: 0 },
        { token_hash: tokenHash, open: 1 },
      ]);
    },
    COMMAND_TIMEOUT,
  );

  it(
    "suspends a member, refuses them a link while suspended, and makes them active again",
    async () => {
      const suspended = await npmRun("member:set-status", "--email", "ada@example.com", "--status", "suspended", "--persist-to", persistTo);
      expect(suspended.stdout).toContain(
        `<ada@example.com>: invited → suspended on the local database in ${persistTo}. Every session they had has ended and their member cards are revoked.`,
      );
      expect(member("ada@example.com")?.status).toBe("suspended");

      const refused = await npmRun("member:invite-link", "--email", "ada@example.com", "--persist-to", persistTo);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("Error: ada@example.com is suspended; a link would not open.");

      const active = await npmRun("member:set-status", "--email", "ada@example.com", "--status", "active", "--persist-to", persistTo);
      expect(active.stdout).toContain("suspended → active");
      expect(active.stdout).toContain("They sign in at /auth with a code emailed to them");
      expect(member("ada@example.com")?.status).toBe("active");
    },
    COMMAND_TIMEOUT,
  );
});

describe("npm run seed:local", () => {
  it(
    "seeds the demo accounts without passwords, with the member's locker and points, and says where the sign-in code appears",
    async () => {
      const seeded = await npmRun("seed:local", "--persist-to", persistTo);
      expect(seeded.code, seeded.stderr).toBe(0);
      expect(seeded.stdout).toContain("Member     member@demo.emberandoak.club   (Morgan Vale, Business, locker P-14)");
      expect(seeded.stdout).toContain("Sign in at /auth with the email: no password.");
      expect(seeded.stdout).not.toMatch(/password:/i);
      const demoMember = member(demoAccounts.member.email);
      expect(demoMember).toMatchObject({
        role: "member",
        tier: "business",
        status: "active",
        points_balance: 4200,
      });
      // The demo member holds a real locker of the inventory (docs/product-rules.md#lockers), once however often the seed runs.
      expect(await npmRun("seed:local", "--persist-to", persistTo)).toMatchObject({ code: 0 });
      expect(
        query<{ locker_id: string; status: string }>(
          "SELECT locker_id, status FROM locker_assignments WHERE member_id = ? AND status <> 'ended'",
          demoMember!.id,
        ),
      ).toEqual([{ locker_id: "business-P-14", status: "active" }]);
      expect(demoMember).not.toHaveProperty("password_hash");
      const concierge = member(demoAccounts.concierge.email);
      expect(concierge).toMatchObject({ role: "concierge", tier: "platinum", status: "active" });
    },
    COMMAND_TIMEOUT,
  );

  it(
    "refuses a remote or production database before doing anything",
    async () => {
      for (const flag of ["--remote", "--env=production", "--preview"]) {
        const refused = await npmRun("seed:local", flag);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain("Refused: seed-local only seeds a local development database");
      }
    },
    COMMAND_TIMEOUT,
  );
});
