import { env } from "cloudflare:workers";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memberContext, requestContext } from "#app/context.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { sponsorConsoleAction } from "#app/features/admissions/sponsors.server.ts";
import { action as sponsorshipsAction, loader as sponsorshipsLoader } from "#app/features/admissions/routes/sponsorships.tsx";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { linkSponsor, answerSponsorship, searchSponsorCandidates } from "#worker/features/admissions/sponsors.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import {
  actionArgs,
  actionExecutionContext,
  answerOf,
  expectClearActionResult,
  expectPrototypeUntouched,
  formBody,
  FUZZ_TIMEOUT_MS,
  fuzzParameters,
  fuzzString,
  routerContext,
  submittedFields,
  substitute,
} from "#tests/integration/fuzz/fuzz-bodies.ts";
import { formFields } from "#app/lib/form-result.ts";
import { clearApplicationTables, countRows, insertInvitationRequest, insertMember } from "#tests/integration/support/concierge-fixtures.ts";

/** Sponsors (docs/product-rules.md#the-applicants-journey), against the real D1. */
const siteUrl = "https://emberandoak.test";
let conciergeId = "";

beforeEach(async () => {
  await clearApplicationTables();
  conciergeId = (await insertMember({ role: "concierge", name: "Elena Marsh" })).id;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const link = (requestId: string, sponsorId: string) => linkSponsor(env.DB, { requestId, sponsorId, conciergeId, siteUrl });

const sponsorOf = (requestId: string) =>
  env.DB.prepare("SELECT sponsor_member_id, sponsor_answer, sponsor_answered_at FROM invitation_requests WHERE id = ?")
    .bind(requestId)
    .first();

const eventsOf = async (requestId: string) =>
  (await env.DB.prepare("SELECT kind, actor_id, detail FROM application_events WHERE request_id = ? ORDER BY id").bind(requestId).all())
    .results;

function routeArgs(request: Request, member: SignedInMember) {
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  context.set(memberContext, member);
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: {}, context };
}

const formPost = (path: string, fields: Record<string, string>) =>
  new Request(`${siteUrl}${path}`, {
    method: "POST",
    headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const asSignedIn = (member: { id: string; email: string; name: string }, role: "member" | "concierge" = "member"): SignedInMember => ({
  ...member,
  tier: "business",
  role,
});

describe("linking a sponsor", () => {
  it("in one batch: sets the sponsor, records 'sponsor_linked' and queues the member's email, which holds no secret", async () => {
    const request = await insertInvitationRequest({ name: "Avery O'Hale", company: "Hale & Sons" });
    const sponsor = await insertMember({ name: "Jordan Reyes", email: "jordan@example.com" });
    const linked = await link(request.id, sponsor.id);
    expect(linked).toMatchObject({ ok: true, sponsorName: "Jordan Reyes" });
    expect(await sponsorOf(request.id)).toEqual({ sponsor_member_id: sponsor.id, sponsor_answer: null, sponsor_answered_at: null });
    expect(await eventsOf(request.id)).toEqual([{ kind: "sponsor_linked", actor_id: conciergeId, detail: "Jordan Reyes" }]);
    const email = await env.DB.prepare("SELECT recipient, subject, body FROM outbox").first<Record<string, string>>();
    expect(email).toMatchObject({ recipient: "jordan@example.com", subject: "A vouch request from the Ember & Oak Society concierge" });
    expect(email!.body).toContain("Avery O&#39;Hale of Hale &amp; Sons has asked to join");
    expect(email!.body).toContain('<a href="https://emberandoak.test/members/sponsorships">');
    expect(email!.body).not.toContain("&sealed:");
  });

  it("moving to another sponsor forgets the first one's answer; linking the same member again changes and sends nothing", async () => {
    const request = await insertInvitationRequest();
    const first = await insertMember();
    const second = await insertMember();
    await link(request.id, first.id);
    expect(await answerSponsorship(env.DB, { requestId: request.id, memberId: first.id, answer: "yes" })).toEqual({ ok: true });
    expect(await link(request.id, first.id)).toEqual({ ok: false, reason: "already-linked" });
    expect(await countRows("outbox")).toBe(1);
    expect(await link(request.id, second.id)).toMatchObject({ ok: true });
    expect(await sponsorOf(request.id)).toEqual({ sponsor_member_id: second.id, sponsor_answer: null, sponsor_answered_at: null });
    expect(await countRows("outbox")).toBe(2);
    // The first sponsor can no longer answer for this application.
    expect(await answerSponsorship(env.DB, { requestId: request.id, memberId: first.id, answer: "no" })).toEqual({
      ok: false,
      reason: "not-open",
    });
  });

  it("refuses a decided application, a suspended or unknown member, and an unknown request, writing nothing", async () => {
    const decided = await insertInvitationRequest();
    await env.DB.prepare("UPDATE invitation_requests SET status = 'declined' WHERE id = ?").bind(decided.id).run();
    const open = await insertInvitationRequest();
    const member = await insertMember();
    const suspended = await insertMember({ status: "suspended" });
    expect(await link(decided.id, member.id)).toEqual({ ok: false, reason: "already-decided" });
    expect(await link(open.id, suspended.id)).toEqual({ ok: false, reason: "no-such-member" });
    expect(await link(open.id, crypto.randomUUID())).toEqual({ ok: false, reason: "no-such-member" });
    expect(await link(crypto.randomUUID(), member.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await countRows("outbox")).toBe(0);
    expect(await countRows("application_events")).toBe(0);
    expect(await sponsorOf(open.id)).toMatchObject({ sponsor_member_id: null });
  });

  it("ten simultaneous links of one sponsor send one email and record one event", async () => {
    const request = await insertInvitationRequest();
    const sponsor = await insertMember();
    const results = await Promise.all(Array.from({ length: 10 }, () => link(request.id, sponsor.id)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "already-linked")).toHaveLength(9);
    expect(await countRows("outbox")).toBe(1);
    expect(await countRows("application_events", "kind = 'sponsor_linked'")).toBe(1);
  });

  it("finds active members by name or email, matching % and _ literally", async () => {
    await insertMember({ name: "Jordan Reyes", email: "jreyes@example.com" });
    await insertMember({ name: "Jordan Suspended", status: "suspended" });
    await insertMember({ name: "Casey 100% Oak", email: "casey@example.com" });
    expect((await searchSponsorCandidates(env.DB, "jordan")).map((member) => member.name)).toEqual(["Jordan Reyes"]);
    expect((await searchSponsorCandidates(env.DB, "JREYES@")).map((member) => member.name)).toEqual(["Jordan Reyes"]);
    expect((await searchSponsorCandidates(env.DB, "100%")).map((member) => member.name)).toEqual(["Casey 100% Oak"]);
    expect(await searchSponsorCandidates(env.DB, "_")).toEqual([]);
  });
});

describe("the console card's sponsor forms", () => {
  const consoleAction = async (fields: Record<string, string>) => {
    const concierge = asSignedIn({ id: conciergeId, email: "elena@example.com", name: "Elena Marsh" }, "concierge");
    const args = routeArgs(formPost("/concierge?index", fields), concierge);
    return answerOf(async () => sponsorConsoleAction(args.request, args.context));
  };

  it("answers a search with the matching members, then links the chosen one, audited, and delivers the email", async () => {
    const request = await insertInvitationRequest({ invitedBy: "Jordan Reyes" });
    const sponsor = await insertMember({ name: "Jordan Reyes", email: "jordan@example.com" });
    const found = await consoleAction({ intent: "sponsor-search", requestId: request.id, query: "Jordan" });
    expect(found.status).toBe(200);
    expect(found.data).toMatchObject({
      form: `sponsor:${request.id}`,
      ok: true,
      sponsorCandidates: [{ id: sponsor.id, name: "Jordan Reyes", email: "jordan@example.com" }],
    });

    const linked = await consoleAction({ intent: "sponsor-link", requestId: request.id, sponsorId: sponsor.id });
    expect(linked.data).toEqual({
      form: `sponsor:${request.id}`,
      ok: true,
      toast: { title: "Sponsor Linked", description: "Jordan Reyes has been asked by email to vouch in the members area." },
    });
    expect(await env.DB.prepare("SELECT status FROM outbox").first()).toEqual({ status: "sent" });
    await vi.waitFor(async () => {
      const event = await env.DB.prepare(
        "SELECT user_id, metadata FROM security_events WHERE event_type = 'admissions_sponsor_linked'",
      ).first<{
        user_id: string;
        metadata: string;
      }>();
      expect(event?.user_id).toBe(conciergeId);
      expect(JSON.parse(event!.metadata)).toMatchObject({ details: { requestId: request.id, sponsorId: sponsor.id } });
    });
  });

  it("refuses a short search, an unmatched one and a refused link beside the sponsor form, changing nothing", async () => {
    const request = await insertInvitationRequest();
    expect(await consoleAction({ intent: "sponsor-search", requestId: request.id, query: "J" })).toMatchObject({
      status: 400,
      data: { form: `sponsor:${request.id}`, ok: false, fieldErrors: { query: "Type at least 2 letters of the member's name or email." } },
    });
    expect(await consoleAction({ intent: "sponsor-search", requestId: request.id, query: "Nobody Here" })).toMatchObject({
      status: 404,
      data: { ok: false, fieldErrors: { query: "No active member matches that name or email." } },
    });
    expect(await consoleAction({ intent: "sponsor-link", requestId: request.id, sponsorId: crypto.randomUUID() })).toMatchObject({
      status: 409,
      data: { ok: false, error: "That member is not an active member, so they cannot vouch. Search again." },
    });
    expect(await countRows("outbox")).toBe(0);
  });

  it("leaves every other intent, and its body, to the requests page's own forms", async () => {
    const concierge = asSignedIn({ id: conciergeId, email: "elena@example.com", name: "Elena Marsh" }, "concierge");
    const args = routeArgs(formPost("/concierge?index", { intent: "decline", requestId: "x" }), concierge);
    expect(await sponsorConsoleAction(args.request, args.context)).toBeNull();
    expect(Object.fromEntries(await args.request.formData())).toEqual({ intent: "decline", requestId: "x" });
  });
});

describe("the member's vouch requests, /members/sponsorships", () => {
  async function memberArgs(member: SignedInMember, request: Request) {
    const args = routeArgs(request, member);
    await checkClubRulesAcceptance(args, async () => new Response());
    return args;
  }
  const answer = async (member: SignedInMember, fields: Record<string, string>) =>
    answerOf(async () => sponsorshipsAction(await memberArgs(member, formPost("/members/sponsorships", fields))));
  const load = async (member: SignedInMember) =>
    sponsorshipsLoader(await memberArgs(member, new Request(`${siteUrl}/members/sponsorships`)));

  async function sponsorWithRequest() {
    const sponsor = asSignedIn(await insertMember({ name: "Jordan Reyes" }));
    await acceptRules(env.DB, sponsor.id, RULES_VERSION);
    const request = await insertInvitationRequest({ name: "Avery Hale", company: "Hale Timber Co", createdAt: "2026-11-20T18:00:00.000Z" });
    await link(request.id, sponsor.id);
    return { sponsor, request };
  }

  it("lists the applications naming the member; an answer is stored once per request with its event, and may change", async () => {
    const { sponsor, request } = await sponsorWithRequest();
    expect(await load(sponsor)).toEqual({
      requests: [
        {
          requestId: request.id,
          applicantName: "Avery Hale",
          company: "Hale Timber Co",
          askedOn: "November 20, 2026",
          open: true,
          answer: null,
          answeredOn: null,
        },
      ],
    });
    const yes = await answer(sponsor, { requestId: request.id, answer: "yes" });
    expect(yes.data).toEqual({
      form: request.id,
      ok: true,
      toast: { title: "Answer Recorded", description: "Thank you. The concierge will see your answer." },
    });
    expect(await sponsorOf(request.id)).toMatchObject({ sponsor_answer: "yes", sponsor_answered_at: expect.any(String) });
    await answer(sponsor, { requestId: request.id, answer: "unknown" });
    await answer(sponsor, { requestId: request.id, answer: "unknown" });
    expect(await sponsorOf(request.id)).toMatchObject({ sponsor_answer: "unknown" });
    expect(await eventsOf(request.id)).toEqual([
      expect.objectContaining({ kind: "sponsor_linked" }),
      { kind: "sponsor_answered", actor_id: sponsor.id, detail: "yes" },
      { kind: "sponsor_answered", actor_id: sponsor.id, detail: "unknown" },
    ]);
    expect(await load(sponsor)).toMatchObject({ requests: [{ open: true, answer: "unknown" }] });
  });

  it("refuses an answer once the request is decided, and from a member it does not name", async () => {
    const { sponsor, request } = await sponsorWithRequest();
    const stranger = asSignedIn(await insertMember());
    await acceptRules(env.DB, stranger.id, RULES_VERSION);
    const refused = await answer(stranger, { requestId: request.id, answer: "no" });
    expect(refused.status).toBe(409);
    expect(await load(stranger)).toEqual({ requests: [] });

    await env.DB.prepare("UPDATE invitation_requests SET status = 'waitlisted' WHERE id = ?").bind(request.id).run();
    const late = await answer(sponsor, { requestId: request.id, answer: "yes" });
    expect(late).toMatchObject({
      status: 409,
      data: { form: request.id, ok: false, error: "The concierge has decided on this request, so your answer can no longer change." },
    });
    expect(await sponsorOf(request.id)).toMatchObject({ sponsor_answer: null });
    expect(await load(sponsor)).toMatchObject({ requests: [{ open: false, answer: null }] });
  });

  it("refuses an answer that is not one of the three with 400, changing nothing", async () => {
    const { sponsor, request } = await sponsorWithRequest();
    const refused = await answer(sponsor, { requestId: request.id, answer: "maybe" });
    expect(refused).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { answer: "Choose an answer." } } });
    expect(await sponsorOf(request.id)).toMatchObject({ sponsor_answer: null });
  });

  it("records one event for ten simultaneous identical answers", async () => {
    const { sponsor, request } = await sponsorWithRequest();
    await Promise.all(Array.from({ length: 10 }, () => answer(sponsor, { requestId: request.id, answer: "no" })));
    expect(await countRows("application_events", "kind = 'sponsor_answered'")).toBe(1);
  });

  it("shows nothing until the member has accepted the club rules", async () => {
    const sponsor = asSignedIn(await insertMember());
    expect(await load(sponsor)).toBeNull();
  });
});

describe("the sponsor forms (fuzzed)", () => {
  it(
    "the member's answer: every body is stored as one of the three answers, or refused clearly, changing nothing",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const sponsor = asSignedIn(await insertMember({ name: "Jordan Reyes" }));
      await acceptRules(env.DB, sponsor.id, RULES_VERSION);
      const request = await insertInvitationRequest();
      await link(request.id, sponsor.id);
      const execution = actionExecutionContext();
      const context = routerContext(execution.ctx, sponsor);
      await checkClubRulesAcceptance(actionArgs("/members/sponsorships", { kind: "urlencoded", pairs: [] }, context, {}), async () => {
        return new Response();
      });
      const fields = {
        requestId: fc.oneof(fc.constant("__REQUEST__"), fc.uuid(), fuzzString),
        answer: fc.constantFrom("yes", "no", "unknown", "Yes", "maybe", ""),
      };
      await fc.assert(
        fc.asyncProperty(formBody(fields), async (generated) => {
          const submission = substitute(generated, { __REQUEST__: request.id });
          const fieldsSent = submittedFields(submission);
          const before = await sponsorOf(request.id);
          const answer = await answerOf(async () => sponsorshipsAction(actionArgs("/members/sponsorships", submission, context, {})));
          await execution.settle();
          if (answer.status === 415) {
            expect(answer.thrown).toBe(true);
            return;
          }
          expect([200, 400, 409]).toContain(answer.status);
          const after = await sponsorOf(request.id);
          if (answer.status === 200) {
            // (A raw body's fields are not known to the fuzz; the answer is still one of the three.)
            if (fieldsSent) {
              expect(fieldsSent.get("requestId")?.trim()).toBe(request.id);
              expect(after!.sponsor_answer).toBe(fieldsSent.get("answer"));
            }
          } else {
            expectClearActionResult(answer.data);
            expect(after).toEqual(before);
          }
          expect(["yes", "no", "unknown", null]).toContain(after!.sponsor_answer);
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );

  it(
    "the console's search and link: every body is left to the page, answered, or refused clearly; only a real link writes",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const request = await insertInvitationRequest();
      const sponsor = await insertMember({ name: "Jordan Reyes" });
      const concierge = asSignedIn({ id: conciergeId, email: "elena@example.com", name: "Elena Marsh" }, "concierge");
      const execution = actionExecutionContext();
      const context = routerContext(execution.ctx, concierge);
      const fields = {
        intent: fc.constantFrom("sponsor-search", "sponsor-link", "approve", "Sponsor-link", ""),
        requestId: fc.oneof(fc.constant("__REQUEST__"), fc.uuid(), fuzzString),
        query: fc.oneof(fc.constantFrom("Jordan", "%", "_", "J"), fuzzString),
        sponsorId: fc.oneof(fc.constant("__SPONSOR__"), fc.uuid(), fuzzString),
      };
      await fc.assert(
        fc.asyncProperty(formBody(fields), async (generated) => {
          const submission = substitute(generated, { __REQUEST__: request.id, __SPONSOR__: sponsor.id });
          const sent = submittedFields(submission);
          const outboxBefore = await countRows("outbox");
          const args = actionArgs("/concierge", submission, context, {});
          const answer = await answerOf(async () => sponsorConsoleAction(args.request, args.context));
          await execution.settle();
          const linkedNow = (await countRows("outbox")) - outboxBefore;
          if (answer.status === 200 && answer.data === null) {
            // Not a sponsor form, or no form the Worker can read: the page's own action gets the
            // body whole (and answers an unreadable one with its 415).
            const left = await args.request.formData().catch(() => null);
            if (left) expect(["sponsor-search", "sponsor-link"]).not.toContain(formFields(left).intent ?? "");
            expect(linkedNow).toBe(0);
            return;
          }
          expect([200, 400, 404, 409]).toContain(answer.status);
          if (answer.status !== 200) expectClearActionResult(answer.data);
          if (linkedNow > 0) {
            expect(linkedNow).toBe(1);
            if (sent) expect(sent.get("intent")).toBe("sponsor-link");
            // Linked once; it can only be unlinked by linking another member, which the fuzz cannot name.
            await env.DB.prepare("UPDATE invitation_requests SET sponsor_member_id = NULL WHERE id = ?").bind(request.id).run();
          }
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});
