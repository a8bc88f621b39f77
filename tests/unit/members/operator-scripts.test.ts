import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { members, membershipTierSlugs } from "#db/schema.ts";
import { hashPassword, verifyPassword } from "#worker/features/sign-in/password.ts";
import { hashInvitationToken, newInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import {
  newInvitationLink as scriptNewInvitationLink,
  hashInvitationToken as scriptHashInvitationToken,
} from "#scripts/lib/invitation-link.mjs";
import { MEMBER_ROLES, MEMBER_STATUSES, MEMBERSHIP_TIERS } from "#scripts/lib/member-fields.mjs";
import { findMemberSql, insertMemberSql, replaceInvitationLinkSql } from "#scripts/lib/member-sql.mjs";
import { hashPassword as scriptHashPassword, verifyPassword as scriptVerifyPassword } from "#scripts/lib/password-hash.mjs";

/** The operator scripts (scripts/*.mjs) write what the Worker reads: the same hashes, values and SQL. */

describe("the operator scripts' password hashes", () => {
  it("are accepted by the Worker's verifyPassword, and only for the right password", async () => {
    const stored = scriptHashPassword("correct horse battery staple");
    expect(stored).toMatch(/^pbkdf2-sha256\$600000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
  });

  it("accept the Worker's hashes in turn", async () => {
    const stored = await hashPassword("another long passphrase", 100_000);
    expect(scriptVerifyPassword("another long passphrase", stored)).toBe(true);
    expect(scriptVerifyPassword("another long passphrase!", stored)).toBe(false);
  });

  it("normalise the password the same way (NFKC), so a composed and a decomposed é match", async () => {
    const stored = scriptHashPassword("caf\u00e9 au lait le matin", 100_000);
    expect(await verifyPassword("cafe\u0301 au lait le matin", stored)).toBe(true);
  });

  it("refuse malformed stored strings without throwing", () => {
    for (const stored of [
      "",
      "pbkdf2-sha256$600000$abc$def",
      "bcrypt$10$x$y",
      "pbkdf2-sha256$99$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    ]) {
      expect(scriptVerifyPassword("whatever it is", stored)).toBe(false);
    }
  });
});

describe("the operator scripts' invitation links", () => {
  it("store the same SHA-256 of the token as the Worker computes", async () => {
    const fromScript = scriptNewInvitationLink(Date.parse("2026-11-21T18:00:00.000Z"));
    expect(fromScript.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fromScript.expiresAt).toBe("2026-11-28T18:00:00.000Z");
    expect(await hashInvitationToken(fromScript.token)).toBe(fromScript.tokenHash);
    const fromWorker = await newInvitationLink();
    expect(scriptHashInvitationToken(fromWorker.token)).toBe(fromWorker.tokenHash);
  });
});

describe("the operator scripts' lists", () => {
  it("name the tiers, roles and statuses of db/schema.ts", () => {
    expect([...MEMBERSHIP_TIERS]).toEqual([...membershipTierSlugs]);
    expect([...MEMBER_ROLES]).toEqual(members.role.enumValues);
    expect([...MEMBER_STATUSES]).toEqual(members.status.enumValues);
  });
});

describe("the operator scripts' SQL", () => {
  /** An in-memory SQLite with the project's migrations applied, as D1 has them. */
  function migratedDatabase(): DatabaseSync {
    const database = new DatabaseSync(":memory:");
    for (const file of readdirSync("migrations")
      .filter((name) => name.endsWith(".sql"))
      .sort()) {
      for (const statement of readFileSync(`migrations/${file}`, "utf8").split("--> statement-breakpoint")) database.exec(statement);
    }
    return database;
  }

  it("stores hostile text exactly as typed, as data and never as SQL", () => {
    const database = migratedDatabase();
    const name = "Robert'); DROP TABLE members;-- O''Brien \\ ' \" ` $x";
    const link = scriptNewInvitationLink();
    database.exec(
      insertMemberSql({
        id: "m-1",
        email: "o'brien@example.com",
        name,
        tier: "business",
        role: "member",
        status: "invited",
        passwordHash: null,
        now: "2026-11-21T18:00:00.000Z",
      }),
    );
    database.exec(replaceInvitationLinkSql("m-1", link, "2026-11-21T18:00:00.000Z"));
    expect(database.prepare(findMemberSql("o'brien@example.com")).get()).toMatchObject({
      id: "m-1",
      name,
      status: "invited",
      has_password: 0,
    });
    expect(database.prepare("SELECT member_id, expires_at FROM member_invitations").all()).toEqual([
      { member_id: "m-1", expires_at: link.expiresAt },
    ]);
  });

  it("retires a member's open links when it writes a new one", () => {
    const database = migratedDatabase();
    const first = scriptNewInvitationLink(Date.parse("2026-11-21T18:00:00.000Z"));
    const second = scriptNewInvitationLink(Date.parse("2026-11-22T18:00:00.000Z"));
    database.exec(replaceInvitationLinkSql("m-1", first, "2026-11-21T18:00:00.000Z"));
    database.exec(replaceInvitationLinkSql("m-1", second, "2026-11-22T18:00:00.000Z"));
    const rows = database.prepare("SELECT token_hash, expires_at FROM member_invitations ORDER BY created_at").all();
    expect(rows).toEqual([
      { token_hash: first.tokenHash, expires_at: "2026-11-22T18:00:00.000Z" },
      { token_hash: second.tokenHash, expires_at: second.expiresAt },
    ]);
  });
});
