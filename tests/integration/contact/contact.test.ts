import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { contactMessages, members, outbox, securityEvents, strictCounters } from "#db/schema.ts";
import * as consoleLayout from "#app/features/concierge/routes/console.tsx";
import { action as contactAction, loader as contactLoader } from "#app/features/contact/routes/contact.tsx";
import * as consoleMessages from "#app/features/contact/routes/console-messages.tsx";
import { createWorkerApp } from "#worker/app.ts";
import { MESSAGES_WITHOUT_CAPTCHA_PER_DAY } from "#worker/features/contact/contact-messages.ts";
import { deleteExpiredRecords } from "#worker/features/operations/data-retention.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { fakeSiteverify, goodSiteverifyAnswer } from "#tests/fakes/siteverify.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";
import { actionArgs, actionExecutionContext, answerOf, routerContext } from "#tests/integration/fuzz/fuzz-bodies.ts";

/**
 * The contact form (docs/product-rules.md#contact, docs/security.md#contact-form) as React Router
 * calls its action, against the real D1, and the console's Messages page (docs/operators.md#the-concierge-console)
 * through the real Worker for who may see it.
 */
const database = getDatabase(env.DB);

beforeEach(async () => {
  await database.batch([
    database.delete(contactMessages),
    database.delete(outbox),
    database.delete(securityEvents),
    database.delete(strictCounters),
    database.delete(members),
  ]);
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const message = {
  name: "Avery Hale",
  email: "avery@example.com",
  message: "Do the lounges host private birthday dinners?",
};

/** Posts /contact from `clientIp` (a visitor unless `cookie` signs a member in), the deliveries it started settled. */
async function post(fields: Record<string, string>, { clientIp, cookie }: { clientIp: string; cookie?: string }) {
  const execution = actionExecutionContext();
  const context = routerContext(execution.ctx);
  const answer = await answerOf(async () =>
    contactAction(
      actionArgs(
        "/contact",
        { kind: "urlencoded", pairs: Object.entries(fields) },
        context,
        {},
        {
          "CF-Connecting-IP": clientIp,
          ...(cookie ? { Cookie: cookie } : {}),
        },
      ),
    ),
  );
  await execution.settle();
  return answer;
}

const stored = () => database.select().from(contactMessages).orderBy(contactMessages.createdAt).all();
const acknowledgements = () =>
  database.select({ recipient: outbox.recipient, subject: outbox.subject, body: outbox.body }).from(outbox).orderBy(outbox.id).all();
const eventTypes = async () =>
  (await database.select({ type: securityEvents.eventType }).from(securityEvents).all()).map((row) => row.type);

async function member(fields: Partial<typeof members.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const row = {
    id,
    email: `member.${id}@example.com`,
    name: `Member ${id.slice(0, 8)}`,
    tier: "business" as const,
    status: "active" as const,
  };
  await database.insert(members).values({ ...row, ...fields });
  return { ...row, ...fields };
}

describe("the contact form", () => {
  it("stores a visitor's message and queues its acknowledgement to them, then shows 'sent' (post, redirect, get)", async () => {
    const answer = await post(message, { clientIp: uniqueClientAddress() });
    expect(answer).toMatchObject({ status: 303, thrown: true });
    expect(answer.headers.get("Location")).toBe("/contact?sent");
    expect(await stored()).toEqual([expect.objectContaining({ ...message, memberId: null, answeredAt: null, answeredBy: null })]);
    const [acknowledgement, ...others] = await acknowledgements();
    expect(others).toEqual([]);
    expect(acknowledgement).toMatchObject({ recipient: "avery@example.com", subject: "Your message to Ember & Oak Society has arrived" });
    // Nothing the sender typed reaches the address they gave (docs/security.md#contact-form).
    expect(acknowledgement!.body).not.toContain("Avery");
    expect(acknowledgement!.body).not.toContain("birthday");
  });

  it.each([
    ["a one-letter name", { name: "A" }, { name: "Name must be at least 2 characters" }],
    ["an address that is not one", { email: "avery@" }, { email: "Please enter a valid email address" }],
    ["a short message", { message: "Hi" }, { message: "Message must be at least 10 characters" }],
    ["markup in the name", { name: "<b>Avery</b>" }, { name: "Invalid characters in name" }],
  ])("refuses %s with its message and what was typed, storing and sending nothing", async (_case, change, fieldErrors) => {
    const clientIp = uniqueClientAddress();
    const answer = await post({ ...message, ...change }, { clientIp });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, fieldErrors, values: { ...message, ...change } });
    expect(await stored()).toEqual([]);
    expect(await acknowledgements()).toEqual([]);
    // Nor does the refusal spend the day's messages without a captcha.
    for (let sent = 0; sent < MESSAGES_WITHOUT_CAPTCHA_PER_DAY; sent += 1) expect((await post(message, { clientIp })).status).toBe(303);
  });

  it("keeps a sixth message to one address in a day without acknowledging it, and says no email will follow today", async () => {
    // Each from its own network, as a stranger with many addresses would send them.
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await post(message, { clientIp: uniqueClientAddress() })).headers.get("Location")).toBe("/contact?sent");
    }
    const sixth = await post({ ...message, email: "AVERY@example.com" }, { clientIp: uniqueClientAddress() });
    expect(sixth).toMatchObject({ status: 303 });
    expect(sixth.headers.get("Location")).toBe("/contact?sent=quietly");
    expect(await stored()).toHaveLength(6);
    expect(await acknowledgements()).toHaveLength(5);
    const page = await contactLoader({
      request: new Request("https://emberandoak.test/contact?sent=quietly"),
      context: routerContext(actionExecutionContext().ctx),
    } as unknown as Parameters<typeof contactLoader>[0]);
    expect(page).toMatchObject({ sent: true, acknowledged: false });
  });

  it("answers a filled honeypot as if sent, storing and sending nothing", async () => {
    const answer = await post({ ...message, website: "https://spam.example" }, { clientIp: uniqueClientAddress() });
    expect(answer.status).toBe(303);
    expect(await stored()).toEqual([]);
    expect(await acknowledgements()).toEqual([]);
  });

  it(`without a captcha, lets exactly ${MESSAGES_WITHOUT_CAPTCHA_PER_DAY} of 8 simultaneous messages from one network through; the rest get 429`, async () => {
    const clientIp = uniqueClientAddress();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => post({ ...message, message: `Message number ${index} to the concierge.` }, { clientIp })),
    );
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(MESSAGES_WITHOUT_CAPTCHA_PER_DAY);
    const refused = answers.filter((answer) => answer.status !== 303);
    expect(refused.map((answer) => answer.status)).toEqual(Array(8 - MESSAGES_WITHOUT_CAPTCHA_PER_DAY).fill(429));
    expect(refused[0]!.data).toMatchObject({ ok: false, error: "Too many submissions. Please try again later." });
    expect(Number(refused[0]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(MESSAGES_WITHOUT_CAPTCHA_PER_DAY);
    expect(await acknowledgements()).toHaveLength(MESSAGES_WITHOUT_CAPTCHA_PER_DAY);
    // Another network is not limited by this one.
    expect((await post(message, { clientIp: uniqueClientAddress() })).status).toBe(303);
  });

  it("takes a message with a good reCAPTCHA token beyond the daily limit without one", async () => {
    const clientIp = uniqueClientAddress();
    for (let sent = 0; sent < MESSAGES_WITHOUT_CAPTCHA_PER_DAY; sent += 1) await post(message, { clientIp });
    expect((await post(message, { clientIp })).status).toBe(429);
    const siteverify = fakeSiteverify(goodSiteverifyAnswer({ action: "contact" }));
    expect((await post({ ...message, captchaToken: "good-token" }, { clientIp })).status).toBe(303);
    expect(siteverify).toHaveBeenCalled();
    expect(await stored()).toHaveLength(MESSAGES_WITHOUT_CAPTCHA_PER_DAY + 1);
  });

  it.each([
    ["made for another form", goodSiteverifyAnswer({ action: "executive_invitation" })],
    ["with a low score", goodSiteverifyAnswer({ action: "contact", score: 0.2 })],
  ])("refuses a token %s with 'Security validation failed', storing nothing", async (_case, verdict) => {
    fakeSiteverify(verdict);
    const answer = await post({ ...message, captchaToken: "token" }, { clientIp: uniqueClientAddress() });
    expect(answer.status).toBe(403);
    expect(answer.data).toMatchObject({ ok: false, error: "Security validation failed. Please try again." });
    expect(await stored()).toEqual([]);
    expect(await eventTypes()).toContain("authn_captcha_fail");
  });

  it("writes a signed-in member's message from their member email, whatever the form says, without a captcha or the daily limit", async () => {
    const writer = await member({ name: "Jordan Reyes" });
    const { cookie } = await signedInAs(writer);
    const clientIp = uniqueClientAddress();
    for (let sent = 0; sent <= MESSAGES_WITHOUT_CAPTCHA_PER_DAY; sent += 1) {
      expect((await post({ ...message, email: "someone.else@example.com" }, { clientIp, cookie })).status).toBe(303);
    }
    const messages = await stored();
    expect(messages).toHaveLength(MESSAGES_WITHOUT_CAPTCHA_PER_DAY + 1);
    expect(messages.every((row) => row.email === writer.email && row.memberId === writer.id)).toBe(true);
    expect((await acknowledgements()).every((row) => row.recipient === writer.email)).toBe(true);
  });

  it("is forgotten a year after it arrived (docs/product-rules.md#contact)", async () => {
    const now = Date.parse("2026-11-22T03:17:00Z");
    const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
    await database.insert(contactMessages).values([
      { id: "old", ...message, createdAt: daysAgo(366) },
      { id: "recent", ...message, createdAt: daysAgo(364), answeredAt: daysAgo(300), answeredBy: "someone" },
    ]);
    await deleteExpiredRecords(env.DB, now);
    expect((await stored()).map((row) => row.id)).toEqual(["recent"]);
  });
});

describe("the console's Messages page", () => {
  type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
  const build: ServerBuild = {
    entry: { module: { default: (_request, status, headers) => new Response("<!doctype html><p>page</p>", { status, headers }) } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      concierge: { id: "concierge", parentId: "root", path: "concierge", module: consoleLayout as RouteModule },
      messages: { id: "messages", parentId: "concierge", path: "messages", module: consoleMessages as RouteModule },
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
  const app = createWorkerApp(createRequestHandler(build, "production"));

  async function send(path: string, cookie: string, init: RequestInit = {}): Promise<Response> {
    const context = createExecutionContext();
    const headers = new Headers(init.headers);
    if (cookie) headers.set("Cookie", cookie);
    const response = await app.fetch(new Request(`http://localhost:8787${path}`, { ...init, headers }), env, context);
    await waitOnExecutionContext(context);
    return response;
  }

  async function markAnswered(concierge: SignedInMember, messageId: string) {
    const execution = actionExecutionContext();
    const context = routerContext(execution.ctx, concierge);
    const answer = await answerOf(async () =>
      consoleMessages.action(actionArgs("/concierge/messages", { kind: "urlencoded", pairs: [["messageId", messageId]] }, context, {})),
    );
    await execution.settle();
    return answer;
  }

  it("shows a concierge the messages newest first, never cached; a member and a visitor get the 404, and their form changes nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const staff = await member({ role: "concierge" });
    const staffCookie = (await signedInAs(staff)).cookie;
    const memberCookie = (await signedInAs(await member())).cookie;
    await database.insert(contactMessages).values([
      { id: "first", ...message, message: "The first message, written on Monday.", createdAt: "2026-11-20T10:00:00.000Z" },
      { id: "second", ...message, message: "The second message, written on Tuesday.", createdAt: "2026-11-21T10:00:00.000Z" },
    ]);

    const page = await send("/concierge/messages.data", staffCookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await page.text();
    for (const text of ["The first message", "The second message"]) expect(body).toContain(text);
    // The order from the loader: the .data stream lists each string where it first meets it.
    const concierge: SignedInMember = { id: staff.id, email: staff.email, name: staff.name, tier: "business", role: "concierge" };
    const list = await consoleMessages.loader({
      ...actionArgs("/concierge/messages", { kind: "urlencoded", pairs: [] }, routerContext(actionExecutionContext().ctx, concierge), {}),
    });
    expect(list.messages.map((shown) => shown.id)).toEqual(["second", "first"]);

    for (const cookie of [memberCookie, ""]) {
      expect((await send("/concierge/messages", cookie)).status).toBe(404);
      const markIt = await send("/concierge/messages", cookie, {
        method: "POST",
        headers: { Origin: "http://localhost:8787", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ messageId: "first" }).toString(),
      });
      expect(markIt.status).toBe(404);
    }
    expect((await stored()).map((row) => row.answeredAt)).toEqual([null, null]);
  });

  it("'Mark Answered' records who and when, audited once; a second press changes nothing and says so", async () => {
    const staff = await member({ role: "concierge", name: "Elena Marsh" });
    const concierge: SignedInMember = { id: staff.id, email: staff.email, name: staff.name, tier: "business", role: "concierge" };
    await database.insert(contactMessages).values({ id: "waiting", ...message });

    const answer = await markAnswered(concierge, "waiting");
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      form: "message:waiting",
      ok: true,
      toast: { title: "Marked Answered", description: "The message shows who answered it." },
    });
    const [row] = await stored();
    expect(row).toMatchObject({ answeredBy: staff.id });
    expect(Date.parse(row!.answeredAt!)).toBeGreaterThan(Date.now() - 60_000);
    const audit = await database.select().from(securityEvents).all();
    expect(audit).toEqual([
      expect.objectContaining({
        eventType: "contact_message_answered",
        userId: staff.id,
        metadata: expect.objectContaining({ details: { messageId: "waiting" } }),
      }),
    ]);

    const again = await markAnswered(concierge, "waiting");
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ form: "message:waiting", ok: false });
    expect(await database.select().from(securityEvents).all()).toHaveLength(1);

    const list = await consoleMessages.loader({
      ...actionArgs("/concierge/messages", { kind: "urlencoded", pairs: [] }, routerContext(actionExecutionContext().ctx, concierge), {}),
    });
    expect(list.messages[0]!.answered).toMatch(/^Answered by Elena Marsh, /);
  });
});
