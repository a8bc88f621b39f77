import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { acceptRules, hasAcceptedRules } from "#worker/features/member-area/rules-acceptance.ts";
import { countRows, createMember } from "#tests/integration/support/member-area-records.ts";

describe("club rules acceptance", () => {
  it("is not accepted until the member accepts, then is accepted for that version", async () => {
    const member = await createMember();
    expect(await hasAcceptedRules(env.DB, member.id, "2026-11")).toBe(false);
    await acceptRules(env.DB, member.id, "2026-11");
    expect(await hasAcceptedRules(env.DB, member.id, "2026-11")).toBe(true);
  });

  it("stores one acceptance per member and version, keeping the first time it was accepted", async () => {
    const member = await createMember();
    await acceptRules(env.DB, member.id, "2026-11");
    const first = await env.DB.prepare("SELECT accepted_at FROM rules_acceptances WHERE member_id = ?")
      .bind(member.id)
      .first<{ accepted_at: string }>();
    await Promise.all([acceptRules(env.DB, member.id, "2026-11"), acceptRules(env.DB, member.id, "2026-11")]);
    expect(await countRows("rules_acceptances", member.id)).toBe(1);
    const again = await env.DB.prepare("SELECT accepted_at FROM rules_acceptances WHERE member_id = ?")
      .bind(member.id)
      .first<{ accepted_at: string }>();
    expect(again).toEqual(first);
  });

  it("asks again for a new version of the rules, and keeps the record of the old one", async () => {
    const member = await createMember();
    await acceptRules(env.DB, member.id, "2026-11");
    expect(await hasAcceptedRules(env.DB, member.id, "2027-05")).toBe(false);
    await acceptRules(env.DB, member.id, "2027-05");
    expect(await hasAcceptedRules(env.DB, member.id, "2027-05")).toBe(true);
    expect(await countRows("rules_acceptances", member.id)).toBe(2);
  });

  it("is per member: one member's acceptance does not open the areas for another", async () => {
    const [accepted, other] = await Promise.all([createMember(), createMember()]);
    await acceptRules(env.DB, accepted.id, "2026-11");
    expect(await hasAcceptedRules(env.DB, other.id, "2026-11")).toBe(false);
  });
});
