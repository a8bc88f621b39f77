import { env, exports } from "cloudflare:workers";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { memberContext, requestContext } from "#app/context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { action as guestsAction, loader as guestsLoader } from "#app/features/guests/routes/member-guests.tsx";
import { loader as consoleLoader } from "#app/features/guests/routes/console-guests.tsx";
import { loader as membersLoader } from "#app/features/member-area/routes/members.tsx";
import { guestReference } from "#worker/features/guests/guest-reference.ts";
import { nextDay } from "#worker/features/guests/guest-visits.ts";
import { listSponsorshipRequests } from "#worker/features/admissions/sponsors.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { createMember } from "#tests/integration/support/member-area-records.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { goodCaptchaPass, TEST_SIGNING_KEY, validInvitation } from "#tests/integration/support/invitation-fixtures.ts";
import { countGuestVisits, register, uniqueGuest } from "./guest-fixtures.ts";

/**
 * /members/guests, /concierge/guests and the guest's invitation to apply, through their loaders,
 * actions and the API, as React Router and the Worker call them (the console's concierge-only
 * layout is proved with the console's own tests).
 */
async function routeArgs(member: SignedInMember, path: string, form?: Record<string, string>) {
  const request = new Request(`http://localhost${path}`, form ? { method: "POST", body: new URLSearchParams(form) } : {});
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  context.set(memberContext, member);
  const url = new URL(request.url);
  const args = { request, url, pattern: url.pathname, params: {}, context };
  await checkClubRulesAcceptance(args, async () => new Response());
  return args;
}

/** Each registration as a form freshly shown, with its own key (docs/product-rules.md#a-form-is-one-intent). */
async function post(member: SignedInMember, form: Record<string, string>) {
  const sent = form.intent === "register" ? { formKey: crypto.randomUUID(), ...form } : form;
  const result = (await guestsAction(await routeArgs(member, "/members/guests", sent))) as DataWithResponseInit<ActionResult>;
  return { status: result.init?.status ?? 200, outcome: result.data };
}

async function acceptedMember(tier: SignedInMember["tier"] = "business") {
  const member = await createMember({ tier });
  await acceptRules(env.DB, member.id, RULES_VERSION);
  return member;
}

const today = () => portlandDay(new Date());
const tomorrow = () => nextDay(today());

describe("/members/guests", () => {
  it("shows each tier's allowance in words, and the Kickback member's guest days left", async () => {
    const [kickback, business, platinum] = await Promise.all([
      acceptedMember("kickback"),
      acceptedMember("business"),
      acceptedMember("platinum"),
    ]);
    expect(await guestsLoader(await routeArgs(kickback, "/members/guests"))).toMatchObject({
      allowance: "4 of 4 guest days left this month.",
      lounges: [{ slug: "kickback", name: "Kickback Lounge" }],
    });
    expect(
      await post(kickback, { intent: "register", day: today(), lounge: "kickback", guestName: "Ada Lovelace", adult: "yes" }),
    ).toMatchObject({
      status: 200,
      outcome: { ok: true, toast: { title: "Guest registered" } },
    });
    const page = await guestsLoader(await routeArgs(kickback, "/members/guests"));
    expect(page).toMatchObject({
      allowance: "3 of 4 guest days left this month.",
      upcoming: [{ guestName: "Ada Lovelace", fee: "stick fee waived" }],
    });
    expect(await guestsLoader(await routeArgs(business, "/members/guests"))).toMatchObject({ allowance: "A guest every day." });
    expect(await guestsLoader(await routeArgs(platinum, "/members/guests"))).toMatchObject({
      allowance: "A guest every day, and two extra guests on event nights.",
    });
    expect(await membersLoader(await routeArgs(kickback, "/members"))).toMatchObject({
      guests: { allowance: "3 of 4 guest days left this month.", next: { guestName: "Ada Lovelace" } },
    });
  });

  it("counts a later month's guest days against that month, in words, beside this month's", async () => {
    const kickback = await acceptedMember("kickback");
    // The first of next month, within the 60 days a guest may be registered ahead.
    const [year = 0, month = 0] = today().split("-").map(Number);
    const next = new Date(Date.UTC(year, month, 1));
    const firstOfNext = next.toISOString().slice(0, 10);
    const monthName = next.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    expect(
      await post(kickback, { intent: "register", day: firstOfNext, lounge: "kickback", guestName: "Ada Lovelace", adult: "yes" }),
    ).toMatchObject({ status: 200, outcome: { ok: true } });
    expect(await guestsLoader(await routeArgs(kickback, "/members/guests"))).toMatchObject({
      allowance: `4 of 4 guest days left this month; 3 of 4 in ${monthName}.`,
    });
  });

  it("registers for the signed-in member only, whatever member id the form names, and refuses the day's second guest with 409", async () => {
    const [member, other] = await Promise.all([acceptedMember(), acceptedMember()]);
    const form = {
      intent: "register",
      day: today(),
      lounge: "business",
      guestName: "Siobhán O'Neill",
      adult: "yes",
      hostMemberId: other.id,
    };
    expect(await post(member, form)).toMatchObject({ status: 200, outcome: { form: "register", ok: true } });
    expect(await countGuestVisits(member.id)).toBe(1);
    expect(await countGuestVisits(other.id)).toBe(0);
    expect(await post(member, { ...form, guestName: "Grace Hopper" })).toMatchObject({
      status: 409,
      outcome: { ok: false, error: expect.stringMatching(/^You already have every guest your membership allows on /) },
    });
  });

  it.each([
    [{ guestName: "<script>" }, { guestName: "Please use letters, spaces, hyphens and apostrophes only." }],
    [{ guestName: "A" }, { guestName: "Please enter your guest's full name." }],
    [{ guestName: "A".repeat(101) }, { guestName: "Name too long" }],
    [{ adult: "" }, { adult: "Please confirm your guest is 21 or older." }],
    [{ adult: "no" }, { adult: "Please confirm your guest is 21 or older." }],
    [{ guestEmail: "not-an-email" }, { guestEmail: "Please enter a valid email address or leave it empty." }],
    [{ lounge: "the-cellar" }, { lounge: "Choose a lounge." }],
    [{ day: "tomorrow" }, { day: "Choose a day." }],
    [{ day: `${today().slice(0, 7)}-99` }, { day: "Choose a day." }],
    [{ day: `${nextDay(today(), 40).slice(0, 7)}-00` }, { day: "Choose a day." }],
    [{ day: "2020-01-01" }, { day: expect.stringMatching(/^Choose a day from today to /) }],
    [{ day: "2099-01-01" }, { day: expect.stringMatching(/^Choose a day from today to /) }],
    [{ lounge: "platinum" }, { lounge: "Choose one of your lounges." }],
  ])("refuses %j with 400 and the field's message, storing nothing", async (change, fieldErrors) => {
    const member = await acceptedMember();
    const form = { intent: "register", day: today(), lounge: "business", guestName: "Ada Lovelace", adult: "yes", ...change };
    expect(await post(member, form)).toEqual({ status: 400, outcome: { form: "register", ok: false, fieldErrors } });
    expect(await countGuestVisits(member.id)).toBe(0);
  });

  it("registers the guest of a form once when it is sent again after its success", async () => {
    const member = await acceptedMember();
    const form = {
      formKey: crypto.randomUUID(),
      intent: "register",
      day: tomorrow(),
      lounge: "business",
      guestName: "Ada Lovelace",
      adult: "yes",
    };
    expect(await post(member, form)).toMatchObject({ status: 200, outcome: { form: "register", ok: true } });
    expect(await post(member, form)).toEqual({
      status: 409,
      outcome: { form: "register", ok: false, error: "Ada Lovelace is already registered. Nothing more was done." },
    });
    expect(await countGuestVisits(member.id)).toBe(1);
  });

  it("tells the host at the guest's last visit of the quarter, and refuses a fourth with the limit's message", async () => {
    const [first, second] = await Promise.all([acceptedMember(), acceptedMember()]);
    const guestName = uniqueGuest("Grace");
    const day = today();
    for (const [host, lounge] of [
      [first, "business"],
      [second, "kickback"],
    ] as const) {
      expect(await post(host, { intent: "register", day, lounge, guestName, adult: "yes" })).toMatchObject({ status: 200 });
    }
    const third = await acceptedMember();
    const last = await post(third, {
      intent: "register",
      day,
      lounge: "business",
      guestName,
      adult: "yes",
      guestEmail: `${crypto.randomUUID()}@example.com`,
    });
    expect(last.outcome).toMatchObject({ ok: true });
    expect(last.outcome.ok && last.outcome.toast.description).toContain(
      `This is ${guestName}'s last guest visit this quarter: a guest may visit 3 times a quarter. Their welcome email invites them to apply for membership, with you as their connection.`,
    );
    const fourth = await acceptedMember();
    expect(await post(fourth, { intent: "register", day, lounge: "business", guestName, adult: "yes" })).toEqual({
      status: 409,
      outcome: {
        form: "register",
        ok: false,
        error: `${guestName} has visited 3 times this quarter, the most a guest may. They are welcome to ask for an invitation to join.`,
      },
    });
  });

  it("cancels the member's own upcoming guest, freeing the day, and answers 404 for anyone else's", async () => {
    const [member, other] = await Promise.all([acceptedMember("kickback"), acceptedMember("kickback")]);
    await post(member, { intent: "register", day: tomorrow(), lounge: "kickback", guestName: "Ada Lovelace", adult: "yes" });
    const [visit] = (await guestsLoader(await routeArgs(member, "/members/guests")))!.upcoming;
    expect(visit).toMatchObject({ cancellable: true });
    expect(await post(other, { intent: "cancel", visitId: visit!.id })).toMatchObject({ status: 404, outcome: { ok: false } });
    expect(await post(member, { intent: "cancel", visitId: visit!.id })).toMatchObject({
      status: 200,
      outcome: { form: `cancel:${visit!.id}`, ok: true, toast: { title: "Guest cancelled" } },
    });
    expect(await guestsLoader(await routeArgs(member, "/members/guests"))).toMatchObject({
      allowance: "4 of 4 guest days left this month.",
      upcoming: [],
    });
  });
});

describe("/members/guests, the review's findings", () => {
  it("lists today's guest as expected, without cancel, and refuses to cancel it on the day", async () => {
    const member = await acceptedMember("kickback");
    await post(member, { intent: "register", day: today(), lounge: "kickback", guestName: "Ada Lovelace", adult: "yes" });
    const [visit] = (await guestsLoader(await routeArgs(member, "/members/guests")))!.upcoming;
    expect(visit).toMatchObject({ guestName: "Ada Lovelace", cancellable: false });
    expect(await post(member, { intent: "cancel", visitId: visit!.id })).toMatchObject({ status: 404, outcome: { ok: false } });
    expect(await guestsLoader(await routeArgs(member, "/members/guests"))).toMatchObject({
      allowance: "3 of 4 guest days left this month.",
      upcoming: [{ id: visit!.id }],
    });
  });

  it("answers a host's eleventh registration in 24 hours with 429 and the concierge's offer", async () => {
    const member = await acceptedMember("business");
    for (let days = 1; days <= 10; days++) {
      expect(
        await post(member, { intent: "register", day: nextDay(today(), days), lounge: "business", guestName: uniqueGuest(), adult: "yes" }),
      ).toMatchObject({ status: 200 });
    }
    expect(
      await post(member, { intent: "register", day: nextDay(today(), 11), lounge: "business", guestName: uniqueGuest(), adult: "yes" }),
    ).toEqual({
      status: 429,
      outcome: { form: "register", ok: false, error: "You have registered many guests today; the concierge can help with more." },
    });
  });
});

describe("/concierge/guests", () => {
  it("shows the guests of a lapsed or suspended host as their host's membership paused, not as expected", async () => {
    const concierge = await createMember();
    const [lapsed, suspended] = await Promise.all([acceptedMember("platinum"), acceptedMember("platinum")]);
    const [lapsedGuest, suspendedGuest] = [uniqueGuest("Opal"), uniqueGuest("Opal")];
    await register(lapsed, { day: today(), guestName: lapsedGuest, lounge: "platinum" });
    await register(suspended, { day: today(), guestName: suspendedGuest, lounge: "platinum" });
    await env.DB.prepare("UPDATE members SET dues_status = 'lapsed' WHERE id = ?").bind(lapsed.id).run();
    await env.DB.prepare("UPDATE members SET status = 'suspended' WHERE id = ?").bind(suspended.id).run();
    const page = await consoleLoader(await routeArgs(concierge, `/concierge/guests?q=${lapsedGuest.split(" ")[0]!}`));
    const platinum = page.lounges.find((lounge) => lounge.slug === "platinum")!;
    const names = platinum.guests.map((guest) => guest.guestName);
    expect(names).not.toContain(lapsedGuest);
    expect(names).not.toContain(suspendedGuest);
    expect(platinum.paused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ guestName: lapsedGuest, hostName: lapsed.name }),
        expect.objectContaining({ guestName: suspendedGuest, hostName: suspended.name }),
      ]),
    );
    const logged = page.log.filter((row) => row.guestName === lapsedGuest || row.guestName === suspendedGuest);
    expect(logged.map((row) => row.status)).toEqual(["Host's membership paused", "Host's membership paused"]);
    expect(await countGuestVisits(lapsed.id)).toBe(1);
  });

  it("lists today's expected guests by lounge, with host, fee and event-night extras, and the log newest first with a search", async () => {
    const concierge = await createMember();
    const host = await acceptedMember("platinum");
    const guestName = uniqueGuest("Marguerite");
    await register(host, { day: today(), guestName, lounge: "platinum" });
    const page = await consoleLoader(await routeArgs(concierge, "/concierge/guests"));
    const platinum = page.lounges.find((lounge) => lounge.slug === "platinum")!;
    expect(platinum.guests).toContainEqual({ id: expect.any(String), guestName, hostName: host.name, fee: "Waived", extra: "" });
    expect(page.log[0]).toMatchObject({ guestName, hostName: host.name, status: "Expected" });

    const searched = await consoleLoader(
      await routeArgs(concierge, `/concierge/guests?q=${encodeURIComponent(guestName.split(" ")[1]!.toLowerCase())}`),
    );
    expect(searched.log.map((row) => row.guestName)).toEqual([guestName]);
    const percent = await consoleLoader(await routeArgs(concierge, "/concierge/guests?q=%25&page=abc"));
    expect(percent.query).toEqual({ q: "%", page: 1 });
  });

  it("pages the log fifty at a time, newest first", async () => {
    const concierge = await createMember();
    const surname = uniqueGuest("X").split(" ")[1]!;
    const hosts = await Promise.all(Array.from({ length: 51 }, () => createMember({ tier: "platinum" })));
    const names: string[] = [];
    for (const host of hosts) {
      const guestName = `${uniqueGuest("Pat")} ${surname}`;
      names.push(guestName);
      expect(await register(host, { day: "2031-01-30", guestName })).toMatchObject({ ok: true });
    }
    const first = await consoleLoader(await routeArgs(concierge, `/concierge/guests?q=${surname}`));
    expect(first.log).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.log[0]!.guestName).toBe(names[50]);
    const second = await consoleLoader(await routeArgs(concierge, `/concierge/guests?q=${surname}&page=2`));
    expect(second.log.map((row) => row.guestName)).toEqual([names[0]]);
    expect(second.hasMore).toBe(false);
  });
});

describe("the invitation to apply", () => {
  let clientIp = "";
  beforeEach(() => {
    clientIp = uniqueClientAddress();
  });
  const send = async (guestReferenceValue: string | undefined, email: string) =>
    exports.default.fetch("http://example.com/api/send-executive-invitation", {
      method: "POST",
      headers: { Origin: "http://example.com", "Content-Type": "application/json", "CF-Connecting-IP": clientIp },
      body: JSON.stringify({ ...validInvitation, email, captchaPass: await goodCaptchaPass(), guestReference: guestReferenceValue }),
    });
  const stored = (id: string) =>
    env.DB.prepare(
      "SELECT r.sponsor_member_id AS sponsor, e.kind, e.actor_id AS actor, e.detail FROM invitation_requests r JOIN application_events e ON e.request_id = r.id WHERE r.id = ? ORDER BY e.id",
    )
      .bind(id)
      .first<{ sponsor: string | null; kind: string; actor: string | null; detail: string | null }>();

  it("links the request to the host as sponsor, the first event saying the host introduced them", async () => {
    const host = await createMember();
    const email = `${crypto.randomUUID()}@example.com`;
    const visit = await register(host, { day: "2031-01-25", guestName: uniqueGuest(), guestEmail: email });
    if (!visit.ok) throw new Error("refused");
    const response = await send(await guestReference(TEST_SIGNING_KEY, visit.visit.id), email.toUpperCase());
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { id: string } };
    expect(await stored(data.id)).toEqual({
      sponsor: host.id,
      kind: "submitted",
      actor: host.id,
      detail: `Introduced by ${host.name}, whose guest they were`,
    });
  });

  it("shows the request in the host's vouch requests; a repeat from the same email joins the first without a sponsor of its own", async () => {
    const host = await createMember();
    const email = `${crypto.randomUUID()}@example.com`;
    const visit = await register(host, { day: "2031-01-27", guestName: uniqueGuest(), guestEmail: email });
    if (!visit.ok) throw new Error("refused");
    const reference = await guestReference(TEST_SIGNING_KEY, visit.visit.id);
    const first = ((await (await send(reference, email)).json()) as { data: { id: string } }).data.id;
    const repeat = ((await (await send(reference, email)).json()) as { data: { id: string } }).data.id;
    const sponsors = await env.DB.prepare(
      "SELECT id, status, sponsor_member_id AS sponsor FROM invitation_requests WHERE id IN (?, ?) ORDER BY created_at, rowid",
    )
      .bind(first, repeat)
      .all();
    expect(sponsors.results).toEqual([
      { id: first, status: "new", sponsor: host.id },
      { id: repeat, status: "joined", sponsor: null },
    ]);
    expect((await listSponsorshipRequests(env.DB, host.id)).map((request) => [request.requestId, request.open])).toEqual([[first, true]]);
  });

  it("links nothing when the reference is sent with another email than the guest's; the request itself is stored", async () => {
    const host = await createMember();
    const visit = await register(host, { day: "2031-01-25", guestName: uniqueGuest(), guestEmail: `${crypto.randomUUID()}@example.com` });
    if (!visit.ok) throw new Error("refused");
    const response = await send(await guestReference(TEST_SIGNING_KEY, visit.visit.id), `${crypto.randomUUID()}@example.com`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { id: string } };
    expect(await stored(data.id)).toEqual({ sponsor: null, kind: "submitted", actor: null, detail: null });
  });

  it("links nothing for a forged or altered reference; the request itself is stored", async () => {
    const host = await createMember();
    const visit = await register(host, { day: "2031-01-25", guestName: uniqueGuest() });
    if (!visit.ok) throw new Error("refused");
    const reference = await guestReference(TEST_SIGNING_KEY, visit.visit.id);
    const forged = `${crypto.randomUUID()}.${"a".repeat(64)}`;
    const altered = `${reference.slice(0, -1)}${reference.endsWith("0") ? "1" : "0"}`;
    for (const bad of [forged, altered, "not a reference"]) {
      const response = await send(bad, `${crypto.randomUUID()}@example.com`);
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { id: string } };
      expect(await stored(data.id)).toEqual({ sponsor: null, kind: "submitted", actor: null, detail: null });
    }
  });
});
