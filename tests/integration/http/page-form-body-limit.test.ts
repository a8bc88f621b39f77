import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { type RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { memberContext } from "#app/context.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { action as memberGuestsAction } from "#app/features/guests/routes/member-guests.tsx";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { createWorkerApp } from "#worker/app.ts";
import { createMember } from "#tests/integration/support/member-area-records.ts";
import { countGuestVisits } from "#tests/integration/guests/guest-fixtures.ts";

/**
 * The page forms' body cap (docs/security.md#requests), through the real Worker app: its page
 * handler here runs the real /members/guests action (registering a guest) for a signed-in member, as
 * React Router would after requireMember, so a refused body provably stores nothing.
 */
const origin = "http://example.com";
const MiB = 1024 * 1024;
let member: SignedInMember;

const app = createWorkerApp(async (request, context: RouterContextProvider) => {
  context.set(memberContext, member);
  const url = new URL(request.url);
  const args = { request, url, pattern: url.pathname, params: {}, context };
  await checkClubRulesAcceptance(args, async () => new Response());
  const result = (await memberGuestsAction(args)) as { init?: { status?: number } | null };
  return new Response("page", { status: result.init?.status ?? 200 });
});

async function postForm(body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  const context = createExecutionContext();
  const response = await app.fetch(
    new Request(`${origin}/members/guests`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body,
    }),
    env,
    context,
  );
  await waitOnExecutionContext(context);
  return response;
}

/** A body sent in chunks, as a stream with no Content-Length (Transfer-Encoding: chunked on the wire). */
function streamed(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(encoder.encode(chunks[next++]));
      else controller.close();
    },
  });
}

// Each a form freshly shown, with its own key (docs/product-rules.md#a-form-is-one-intent).
const guestForm = () =>
  `intent=register&formKey=${crypto.randomUUID()}&day=${portlandDay(new Date())}&lounge=business&adult=yes&guestName=Ada+Lovelace`;

beforeEach(async () => {
  member = await createMember();
  await acceptRules(env.DB, member.id, RULES_VERSION);
});

describe("the body cap on page forms", () => {
  it("refuses a 20 MiB urlencoded form with a plain 413 before the action reads it, storing nothing", async () => {
    const body = `${guestForm()}&padding=${"x".repeat(20 * MiB)}`;
    const response = await postForm(body, { "Content-Length": String(body.length) });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("This form is too large to send (the limit is 64 KB).");
    expect(await countGuestVisits(member.id)).toBe(0);
  });

  it("counts a streamed body without Content-Length too, and refuses it once it passes the cap", async () => {
    const chunks = [`${guestForm()}&padding=`, ...Array.from({ length: 320 }, () => "x".repeat(64 * 1024))];
    const response = await postForm(streamed(chunks));
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("This form is too large to send (the limit is 64 KB).");
    expect(await countGuestVisits(member.id)).toBe(0);
  });

  it("lets an ordinary form through to its action, sent whole or streamed", async () => {
    expect((await postForm(guestForm())).status).toBe(200);
    expect(await countGuestVisits(member.id)).toBe(1);

    member = await createMember();
    await acceptRules(env.DB, member.id, RULES_VERSION);
    expect(
      (
        await postForm(
          streamed([
            `intent=register&formKey=${crypto.randomUUID()}&day=${portlandDay(new Date())}&lounge=business&`,
            "adult=yes&guestName=Grace+Hopper",
          ]),
        )
      ).status,
    ).toBe(200);
    expect(await countGuestVisits(member.id)).toBe(1);
  });

  it("takes the largest legitimate page form: sign-in's code request at its maximum, every typed character four UTF-8 bytes", async () => {
    // 254 + 2048 characters (email, redirectTo), each %XX%XX%XX%XX when urlencoded, and a
    // 4,096-character captcha token: about 31,700 bytes.
    const wide = (length: number) => encodeURIComponent("🚬".repeat(length));
    const body = `intent=request-code&email=${wide(254)}&redirectTo=${wide(2048)}&captchaToken=${"t".repeat(4096)}`;
    expect(body.length).toBeGreaterThan(31_000);
    const response = await postForm(body, { "Content-Length": String(body.length) });
    expect(response.status).not.toBe(413);
  });
});
