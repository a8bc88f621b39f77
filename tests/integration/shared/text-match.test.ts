import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { listInvitationRequests } from "#worker/features/admissions/admissions.ts";
import { searchSponsorCandidates } from "#worker/features/admissions/sponsors.ts";
import { findPayers } from "#worker/features/dues/recorded-payments.ts";
import { clearAdmissionTables, insertInvitationRequest, insertMember } from "#tests/integration/support/concierge-fixtures.ts";

/**
 * The console's searches (db/text-match.ts) against the real D1, which refuses a LIKE pattern of
 * more than 50 bytes: a long search is answered, and %, _ and \ in it match only themselves.
 */
const longName = `Sir ${"Oakley_Ember%Ash\\".repeat(5)}`.padEnd(100, "x");
const longSearch = longName.toUpperCase();
const lookalike = longName.replaceAll("_", "-").replaceAll("%", "p");

beforeEach(async () => {
  await clearAdmissionTables();
});

describe("searches of 100 characters with % and _", () => {
  it("are 100 characters long and hold the wildcards", () => {
    expect(longSearch).toHaveLength(100);
    expect(longSearch).toMatch(/%.*_/);
  });

  it("find the one application that holds them in the console's list", async () => {
    const request = await insertInvitationRequest({ name: longName });
    await insertInvitationRequest({ name: lookalike });
    expect((await listInvitationRequests(env.DB, { search: longSearch })).map((found) => found.id)).toEqual([request.id]);
  });

  it("find the one member who holds them among the sponsors", async () => {
    await insertMember({ name: longName, email: "long@example.com" });
    await insertMember({ name: lookalike, email: "lookalike@example.com" });
    expect((await searchSponsorCandidates(env.DB, longSearch)).map((found) => found.email)).toEqual(["long@example.com"]);
  });

  it("find the one member who holds them among the payers", async () => {
    await insertMember({ name: longName, email: "long@example.com" });
    await insertMember({ name: lookalike, email: "lookalike@example.com" });
    expect((await findPayers(env.DB, longSearch)).map((found) => found.email)).toEqual(["long@example.com"]);
  });
});
