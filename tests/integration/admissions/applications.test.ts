import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestContext } from "#app/context.ts";
import { action, loader } from "#app/features/admissions/routes/application.tsx";
import { LINK_TOKEN_SHAPES } from "#app/features/admissions/open-link-from-address.tsx";
import { applicationCookie } from "#worker/features/admissions/application-cookie.ts";
import { applicationStatusUrl } from "#worker/features/admissions/application-link.ts";
import { createRequestContext, type RequestContext } from "#worker/http/request-context.ts";
import { fakeStripeApi, stripeError } from "#tests/fakes/stripe-api.ts";
import { stripeEnv } from "#tests/integration/dues/offer-fixtures.ts";
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
  readRow,
  routerContext,
  RowTracker,
  substitute,
} from "#tests/integration/fuzz/fuzz-bodies.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { storeInvitationRequest } from "#worker/features/executive-invitation/invitation-requests.ts";
import { readApplicationStatusToken } from "#worker/features/admissions/application-link.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import {
  clearAdmissionTables,
  clearApplicationTables,
  countRows,
  insertInvitationRequest,
  insertMember,
  testSigningKey,
} from "#tests/integration/support/concierge-fixtures.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { goodCaptchaPass, validInvitation } from "#tests/integration/support/invitation-fixtures.ts";

/** The applicant's journey (docs/product-rules.md#the-applicants-journey), against the real D1. */
const siteUrl = "https://emberandoak.test";
const DAY = 24 * 60 * 60 * 1000;
const settings = () => ({ conciergeEmail: "concierge@emberandoak.club", siteUrl, signingKey: testSigningKey() });

beforeEach(async () => {
  await clearApplicationTables();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const store = (fields: Partial<typeof validInvitation> = {}, now?: number) =>
  storeInvitationRequest(env.DB, settings(), { ...validInvitation, ...fields }, { checkedBy: "captcha", recaptchaScore: 0.9 }, now);

const requestRow = (id: string) =>
  env.DB.prepare("SELECT status, joined_to, email_key, created_at FROM invitation_requests WHERE id = ?").bind(id).first();

const eventsOf = async (requestId: string) =>
  (
    await env.DB.prepare("SELECT kind, actor_id, detail, created_at FROM application_events WHERE request_id = ? ORDER BY id")
      .bind(requestId)
      .all()
  ).results;

/** The applicant's acknowledgement, opened as the sender opens it. */
async function acknowledgementTo(recipient: string) {
  const rows = await env.DB.prepare("SELECT subject, body FROM outbox WHERE recipient = ? ORDER BY id")
    .bind(recipient)
    .all<{ subject: string; body: string }>();
  return Promise.all(rows.results.map(async (row) => ({ ...row, opened: await unsealSecrets(testSigningKey(), row.body, escapeMarkup) })));
}

/** The request id the status link in an opened email proves. */
async function statusLinkIn(opened: string): Promise<string | null> {
  const match = /href="(https:\/\/emberandoak\.test\/application#[^"]+)"/.exec(opened);
  return match ? readApplicationStatusToken(testSigningKey(), match[1]!) : null;
}

describe("storing a request", () => {
  it("stores the request, the concierge's copy, the applicant's acknowledgement with a sealed status link, and a 'submitted' event", async () => {
    const now = Date.parse("2026-11-24T18:00:00.000Z");
    const stored = await store({ email: "Avery.Hale@Example.com" }, now);
    expect(stored.joinedTo).toBeNull();
    expect(stored.outboxIds).toHaveLength(2);
    expect(await requestRow(stored.id)).toEqual({
      status: "new",
      joined_to: null,
      email_key: "avery.hale@example.com",
      created_at: "2026-11-24T18:00:00.000Z",
    });
    expect(await eventsOf(stored.id)).toEqual([
      { kind: "submitted", actor_id: null, detail: null, created_at: "2026-11-24T18:00:00.000Z" },
    ]);

    // Addressed as the request is keyed (trimmed, lower case), as the daily email cap counts it.
    const [acknowledgement, ...others] = await acknowledgementTo("avery.hale@example.com");
    expect(others).toEqual([]);
    expect(acknowledgement!.subject).toBe("Your request to Ember & Oak Society has arrived");
    // Stored sealed: the database holds no working link.
    expect(acknowledgement!.body).not.toContain("/application#");
    expect(acknowledgement!.body).toContain("&sealed:");
    expect(await statusLinkIn(acknowledgement!.opened)).toBe(stored.id);
    expect(await countRows("outbox", "recipient = 'concierge@emberandoak.club'")).toBe(1);
  });

  it("writes everything in one batch, and escapes the applicant's name in the acknowledgement", async () => {
    const statements: string[] = [];
    const batches: number[] = [];
    const recording = {
      prepare: (query: string) => {
        statements.push(query);
        return env.DB.prepare(query);
      },
      batch: (prepared: D1PreparedStatement[]) => {
        batches.push(prepared.length);
        return env.DB.batch(prepared);
      },
    } as unknown as D1Database;
    await storeInvitationRequest(
      recording,
      settings(),
      { ...validInvitation, name: "Siobhán O'Brien & Co" },
      {
        checkedBy: "captcha",
        recaptchaScore: 0.9,
      },
    );
    // The request, the concierge's copy, two conditional acknowledgements and two conditional events.
    expect(batches).toEqual([6]);
    expect(statements.slice(0, -6)).toEqual([]);
    const [acknowledgement] = await acknowledgementTo("avery@example.com");
    expect(acknowledgement!.opened).toContain("<p>Siobhán O&#39;Brien &amp; Co,</p>");
  });

  it("joins a second request from the same address (any case) within 30 days to the first, and tells the applicant so", async () => {
    const now = Date.parse("2026-11-24T18:00:00.000Z");
    const first = await store({}, now - 29 * DAY);
    const second = await store({ email: "AVERY@example.com", message: "Writing again about a sit-down in December." }, now);
    expect(second.joinedTo).toBe(first.id);
    expect(await requestRow(second.id)).toMatchObject({ status: "joined", joined_to: first.id });
    expect(await requestRow(first.id)).toMatchObject({ status: "new", joined_to: null });

    expect(await eventsOf(second.id)).toEqual([]);
    expect(await eventsOf(first.id)).toEqual([
      expect.objectContaining({ kind: "submitted" }),
      { kind: "resubmitted", actor_id: null, detail: second.id, created_at: "2026-11-24T18:00:00.000Z" },
    ]);
    const [, repeat] = await acknowledgementTo("avery@example.com");
    expect(repeat!.subject).toBe("Your request to Ember & Oak Society is already with us");
    expect(repeat!.opened).toContain("this message has been added to it");
    expect(await statusLinkIn(repeat!.opened)).toBe(second.id);
    // The concierge still hears of every submission.
    expect(await countRows("outbox", "recipient = 'concierge@emberandoak.club'")).toBe(2);
  });

  it("starts a new application when the first request is more than 30 days old, and joins a third to the newest application", async () => {
    const now = Date.parse("2026-11-24T18:00:00.000Z");
    const old = await store({}, now - 32 * DAY);
    const fresh = await store({}, now - DAY);
    const third = await store({}, now);
    expect(fresh.joinedTo).toBeNull();
    expect(await requestRow(fresh.id)).toMatchObject({ status: "new" });
    expect(third.joinedTo).toBe(fresh.id);
    expect(await requestRow(old.id)).toMatchObject({ status: "new" });
  });

  it("joins a repeat only onto an open application (new, waitlisted, offered); after a closed one it starts anew", async () => {
    const now = Date.parse("2026-11-24T18:00:00.000Z");
    for (const status of ["declined", "expired", "paid", "approved"]) {
      await clearAdmissionTables();
      const closed = await store({}, now - 2 * DAY);
      await setRequest(closed.id, { status });
      const repeat = await store({}, now);
      expect(repeat.joinedTo).toBeNull();
      expect(await requestRow(repeat.id)).toMatchObject({ status: "new", joined_to: null });
    }
    for (const status of ["waitlisted", "offered"]) {
      await clearAdmissionTables();
      const open = await store({}, now - 2 * DAY);
      await setRequest(open.id, { status });
      expect((await store({}, now)).joinedTo).toBe(open.id);
    }
  });

  it("never joins a request to one that is itself joined, nor to another address", async () => {
    const now = Date.parse("2026-11-24T18:00:00.000Z");
    const first = await store({}, now - 3 * DAY);
    const second = await store({}, now - 2 * DAY);
    const third = await store({}, now - DAY);
    const other = await store({ email: "blair@example.com" }, now);
    expect([second.joinedTo, third.joinedTo]).toEqual([first.id, first.id]);
    expect(other.joinedTo).toBeNull();
  });

  it("makes exactly one application of twenty simultaneous submissions from one address; the other nineteen join it", async () => {
    const stored = await Promise.all(Array.from({ length: 20 }, () => store()));
    const rows = (
      await env.DB.prepare("SELECT id, status, joined_to FROM invitation_requests").all<{ id: string; status: string; joined_to: string }>()
    ).results;
    const applications = rows.filter((row) => row.status === "new");
    expect(applications).toHaveLength(1);
    const firstId = applications[0]!.id;
    expect(rows.filter((row) => row.status === "joined" && row.joined_to === firstId)).toHaveLength(19);
    expect(stored.filter((one) => one.joinedTo === firstId)).toHaveLength(19);
    expect(await countRows("application_events", `request_id = '${firstId}' AND kind = 'resubmitted'`)).toBe(19);
    expect(await countRows("application_events", "kind = 'submitted'")).toBe(1);
    // Every submission is kept, but one address gets at most five acknowledgements a day
    // (docs/security.md#forms-and-email): the first 'arrived', then four 'already with us'.
    expect(await countRows("outbox", "recipient = 'avery@example.com' AND subject LIKE '%has arrived'")).toBe(1);
    expect(await countRows("outbox", "recipient = 'avery@example.com' AND subject LIKE '%already with us'")).toBe(4);
    expect(stored.filter((one) => one.acknowledged)).toHaveLength(5);
    expect(await countRows("outbox", "recipient = 'concierge@emberandoak.club'")).toBe(20);
  });

  it("through the API: the applicant's acknowledgement is delivered right after the request is stored", async () => {
    const response = await exports.default.fetch("http://example.com/api/send-executive-invitation", {
      method: "POST",
      headers: { Origin: "http://example.com", "Content-Type": "application/json", "CF-Connecting-IP": uniqueClientAddress() },
      body: JSON.stringify({ ...validInvitation, captchaPass: await goodCaptchaPass() }),
    });
    expect(response.status).toBe(200);
    await vi.waitFor(async () => expect(await countRows("outbox", "status = 'sent'")).toBe(2));
    expect(await countRows("outbox", "recipient = 'avery@example.com'")).toBe(1);
  });
});

function pageArgs(request: Request, bindings: Env = env, configure?: (context: RequestContext) => RequestContext) {
  const context = new RouterContextProvider();
  const made = createRequestContext(bindings, { waitUntil: () => {}, passThroughOnException: () => {} }, request);
  context.set(requestContext, configure ? configure(made) : made);
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: {}, context };
}

const postPage = (
  fields: Record<string, string>,
  cookie?: string,
  bindings?: Env,
  configure?: (context: RequestContext) => RequestContext,
) =>
  answerOf(async () =>
    action(
      pageArgs(
        new Request(`${siteUrl}/application`, {
          method: "POST",
          headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
          body: new URLSearchParams(fields),
        }),
        bindings,
        configure,
      ),
    ),
  );

const loadPage = (cookie?: string, path = "/application") =>
  answerOf(async () => loader(pageArgs(new Request(`${siteUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {} }))));

/** The cookie a browser would send back from a Set-Cookie header. */
const cookieFrom = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

const INVALID_LINK =
  "This application link is not valid. Open the link from the latest email the club sent you, or call the office at (503) 555-0142.";

async function setRequest(id: string, columns: Record<string, string | null>) {
  const names = Object.keys(columns);
  await env.DB.prepare(`UPDATE invitation_requests SET ${names.map((name) => `${name} = ?`).join(", ")} WHERE id = ?`)
    .bind(...Object.values(columns), id)
    .run();
}

/** Opens the application's emailed link as the page's script does, and returns the cookie it set. */
async function openLink(requestId: string): Promise<string> {
  const opened = await postPage({ intent: "open", link: await applicationStatusUrl(siteUrl, testSigningKey(), requestId) });
  expect(opened.status).toBe(303);
  return cookieFrom(opened.headers.get("Set-Cookie"));
}

describe("the status page, /application", () => {
  it("opens the posted link into a signed HttpOnly cookie, then shows the application as received", async () => {
    const stored = await store({}, Date.parse("2026-11-24T18:00:00.000Z"));
    const link = await applicationStatusUrl(siteUrl, testSigningKey(), stored.id);
    const opened = await postPage({ intent: "open", link });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe("/application");
    expect(opened.headers.get("Set-Cookie")).toMatch(/^ember_application=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    // The cookie names the request; the link's own secret is not kept.
    expect(opened.headers.get("Set-Cookie")).not.toContain(link.split(".").pop()!);

    const page = await loadPage(cookieFrom(opened.headers.get("Set-Cookie")));
    expect(page.data).toMatchObject({
      stage: "status",
      application: {
        name: "Avery Hale",
        status: "new",
        receivedOn: "November 24, 2026",
        sitDownInvited: false,
        tierName: null,
        initiationFee: null,
        quarterlyDues: null,
        offerExpires: null,
        waitlistPosition: null,
      },
      checkoutReturn: null,
      // Not invited to a sit-down: the page shows none (sit-down-panel.tsx).
      sitDown: null,
    });
  });

  it("accepts the token alone, as an applicant without scripts might paste it", async () => {
    const stored = await store();
    const link = await applicationStatusUrl(siteUrl, testSigningKey(), stored.id);
    expect((await postPage({ intent: "open", link: `  ${link.split("#")[1]} ` })).status).toBe(303);
  });

  it("answers a forged, foreign or unknown link with one message, and a forged or missing cookie with the paste form", async () => {
    const stored = await store();
    const good = await applicationStatusUrl(siteUrl, testSigningKey(), stored.id);
    const forged = good.replace(/.$/, (last) => (last === "0" ? "1" : "0"));
    const foreign = await applicationStatusUrl(siteUrl, "another-key-of-at-least-32-characters!", stored.id);
    const unknown = await applicationStatusUrl(siteUrl, testSigningKey(), crypto.randomUUID());
    for (const link of [forged, foreign, unknown, "not a link"]) {
      const answer = await postPage({ intent: "open", link });
      expect(answer.status).toBe(404);
      expect(answer.data).toEqual({ ok: false, error: INVALID_LINK });
      expect(answer.headers.get("Set-Cookie")).toBeNull();
    }
    expect((await loadPage()).data).toEqual({ stage: "open" });
    const otherKeyCookie = cookieFrom(await applicationCookie("another-key-of-at-least-32-characters!", stored.id));
    expect((await loadPage(otherKeyCookie)).data).toEqual({ stage: "open" });
    const expiredCookie = cookieFrom(await applicationCookie(testSigningKey(), stored.id, Date.now() - 31 * DAY));
    expect((await loadPage(expiredCookie)).data).toEqual({ stage: "open" });
  });

  it("keeps a valid cookie when a link fails to open, so the applicant stays on their page", async () => {
    const stored = await store();
    const cookie = await openLink(stored.id);
    const failed = await postPage({ intent: "open", link: "main-content" }, cookie);
    expect(failed.status).toBe(404);
    expect(failed.headers.get("Set-Cookie")).toBeNull();
    expect((await loadPage(cookie)).data).toMatchObject({ stage: "status" });
  });

  it("posts from the address only a fragment shaped like the page's token, never an in-page anchor", async () => {
    const stored = await store();
    const token = (await applicationStatusUrl(siteUrl, testSigningKey(), stored.id)).split("#")[1]!;
    expect(LINK_TOKEN_SHAPES["/application"].test(token)).toBe(true);
    expect(LINK_TOKEN_SHAPES["/invitation"].test("Abc_-".padEnd(43, "x"))).toBe(true);
    for (const anchor of ["main-content", "", `${token}x`, token.toUpperCase()]) {
      expect(LINK_TOKEN_SHAPES["/application"].test(anchor)).toBe(false);
      expect(LINK_TOKEN_SHAPES["/invitation"].test(anchor)).toBe(false);
    }
  });

  it("clears a cookie whose request no longer exists, with the invalid-link message", async () => {
    const stored = await store();
    const cookie = await openLink(stored.id);
    await env.DB.prepare("DELETE FROM invitation_requests").run();
    const page = await loadPage(cookie);
    expect(page.status).toBe(404);
    expect(page.data).toEqual({ stage: "invalid" });
    expect(page.headers.get("Set-Cookie")).toMatch(/^ember_application=; Max-Age=0/);
  });

  it("shows a joined request's link the first request's status", async () => {
    const first = await store({}, Date.now() - 2 * DAY);
    const repeat = await store();
    await setRequest(first.id, { status: "declined", decided_at: new Date().toISOString() });
    const page = await loadPage(await openLink(repeat.id));
    expect(page.data).toMatchObject({ stage: "status", application: { status: "declined", name: "Avery Hale" } });
  });

  it("shows a waitlisted applicant their tier and place in its waitlist", async () => {
    const ahead = await insertInvitationRequest();
    const stored = await store();
    await setRequest(ahead.id, { status: "waitlisted", tier: "platinum", waitlisted_at: "2026-11-01T00:00:00.000Z" });
    await setRequest(stored.id, { status: "waitlisted", tier: "platinum", waitlisted_at: "2026-11-02T00:00:00.000Z" });
    const page = await loadPage(await openLink(stored.id));
    expect(page.data).toMatchObject({ application: { status: "waitlisted", tierName: "Platinum", waitlistPosition: 2 } });
  });

  it("shows an offer's tier, initiation fee, quarterly dues and expiry in Portland time", async () => {
    const stored = await store();
    await setRequest(stored.id, { status: "offered", tier: "business", offer_expires_at: "2026-12-01T20:00:00.000Z" });
    const page = await loadPage(await openLink(stored.id));
    expect(page.data).toMatchObject({
      application: {
        status: "offered",
        tierName: "Business",
        initiationFee: "$1,000",
        quarterlyDues: "$897",
        dueToday: "$1,897",
        offerExpires: "Tuesday, December 1, 2026 at 12:00 PM PST",
      },
    });
  });

  it("shows an offer introduced by a member in good standing with the initiation fee waived and the first quarter due today", async () => {
    const stored = await store();
    const sponsor = await insertMember();
    await setRequest(stored.id, {
      status: "offered",
      tier: "business",
      offer_expires_at: "2026-12-01T20:00:00.000Z",
      sponsor_member_id: sponsor.id,
      sponsor_answer: "yes",
    });
    const page = await loadPage(await openLink(stored.id));
    expect(page.data).toMatchObject({
      application: {
        status: "offered",
        initiationFee: "Waived (introduced by a member)",
        initiationWaived: true,
        quarterlyDues: "$897",
        dueToday: "$897",
      },
    });
  });

  it("refuses to start a payment for an application that holds no open offer, or without an opened link", async () => {
    const stored = await store();
    const cookie = await openLink(stored.id);
    const answer = await postPage({ intent: "pay" }, cookie);
    expect(answer.status).toBe(409);
    expect(answer.data).toEqual({ ok: false, error: "This offer is no longer open. The page now shows where your application stands." });
    const anonymous = await postPage({ intent: "pay" });
    expect(anonymous.status).toBe(404);
    expect(anonymous.data).toEqual({ ok: false, error: INVALID_LINK });
  });

  it("refuses an unknown intent or an overlong link with 400, setting no cookie", async () => {
    for (const fields of [{ intent: "book" }, { intent: "open", link: "x".repeat(2049) }] as Record<string, string>[]) {
      const answer = await postPage(fields);
      expect(answer.status).toBe(400);
      expect(answer.headers.get("Set-Cookie")).toBeNull();
    }
  });

  describe("paying an offer", () => {
    async function openOffer() {
      const stored = await store();
      await setRequest(stored.id, {
        status: "offered",
        tier: "kickback",
        offered_at: new Date().toISOString(),
        offer_expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
      });
      return { id: stored.id, cookie: await openLink(stored.id) };
    }

    it("'Pay Initiation & Dues' sends the applicant to the offer's checkout (here the labelled local stand-in)", async () => {
      const offer = await openOffer();
      const paid = await postPage({ intent: "pay" }, offer.cookie);
      expect(paid.status).toBe(303);
      const session = await env.DB.prepare("SELECT checkout_session_id FROM invitation_requests WHERE id = ?")
        .bind(offer.id)
        .first<{ checkout_session_id: string }>();
      expect(paid.headers.get("Location")).toBe(`/local-payments/checkout/${session!.checkout_session_id}`);
    });

    it("sends the applicant to Stripe's Checkout when Stripe is configured", async () => {
      const stripe = fakeStripeApi();
      const offer = await openOffer();
      const paid = await postPage({ intent: "pay" }, offer.cookie, stripeEnv());
      expect(paid.status).toBe(303);
      expect(paid.headers.get("Location")).toMatch(/^https:\/\//);
      expect(stripe.sessionCreates()).toHaveLength(1);
    });

    it("says the payment page could not be opened when the provider fails", async () => {
      fakeStripeApi(() => stripeError(500));
      const offer = await openOffer();
      const failed = await postPage({ intent: "pay" }, offer.cookie, stripeEnv());
      expect(failed).toMatchObject({
        status: 502,
        data: { ok: false, error: "The payment page could not be opened just now. Please try again in a few minutes." },
      });
    });

    it("in production without a payment provider, says the concierge takes the payment at the lounge", async () => {
      const offer = await openOffer();
      const production = (context: RequestContext): RequestContext => ({
        ...context,
        env: { ...context.env, ENVIRONMENT: "production" },
        config: { ...context.config, ENVIRONMENT: "production" },
      });
      const refused = await postPage({ intent: "pay" }, offer.cookie, env, production);
      expect(refused).toMatchObject({
        status: 409,
        data: {
          ok: false,
          error:
            "Online payment is not available at present: the concierge takes the initiation fee and dues at the lounge. Please call the office at (503) 555-0142 to arrange it.",
        },
      });
    });

    it("back from the checkout, says the payment is being confirmed while the offer is not yet paid (the return grants nothing)", async () => {
      const offer = await openOffer();
      const back = await loadPage(offer.cookie, "/application?checkout=complete");
      expect(back.data).toMatchObject({ application: { status: "offered" }, checkoutReturn: "complete" });
      expect((await loadPage(offer.cookie, "/application?checkout=elsewhere")).data).toMatchObject({ checkoutReturn: null });
      expect(await env.DB.prepare("SELECT status FROM invitation_requests WHERE id = ?").bind(offer.id).first()).toEqual({
        status: "offered",
      });
    });
  });
});

describe("the status page's action (fuzzed)", () => {
  it(
    "answers every body with a redirect back to the page or a clear refusal; only the real link sets the cookie, and nothing is written",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const stored = await store();
      const link = await applicationStatusUrl(siteUrl, testSigningKey(), stored.id);
      const cookie = await openLink(stored.id);
      const execution = actionExecutionContext();
      const context = routerContext(execution.ctx);
      const rows = await new RowTracker(() =>
        readRow("SELECT COUNT(*) AS requests, COUNT(checkout_session_id) AS sessions FROM invitation_requests"),
      ).start();
      const fields = {
        intent: fc.constantFrom("open", "pay", "book", "Open", ""),
        link: fc.oneof(fc.constant("__LINK__"), fc.constant("__LINK__x"), fc.webUrl(), fuzzString),
      };
      await fc.assert(
        fc.asyncProperty(formBody(fields), fc.boolean(), async (generated, withCookie) => {
          const submission = substitute(generated, { __LINK__: link });
          const answer = await answerOf(async () =>
            action(actionArgs("/application", submission, context, {}, withCookie ? { Cookie: cookie } : {})),
          );
          await execution.settle();
          if (answer.status === 415) {
            expect(answer.thrown).toBe(true);
            return;
          }
          expect([303, 400, 404, 409]).toContain(answer.status);
          if (answer.status === 303) {
            expect(answer.headers.get("Location")).toBe("/application");
            expect(answer.headers.get("Set-Cookie")).toMatch(/^ember_application=[^;]+; Max-Age=2592000;/);
          } else {
            expectClearActionResult(answer.data);
            expect(answer.headers.get("Set-Cookie") ?? "").not.toMatch(/^ember_application=[^;]+; Max-Age=2592000/);
          }
          // Nothing here writes: not a request, not a checkout (the application holds no offer).
          await rows.expectUnchanged();
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});
