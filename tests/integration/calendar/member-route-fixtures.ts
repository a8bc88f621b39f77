import { env } from "cloudflare:workers";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { memberContext, requestContext } from "#app/context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { getDatabase } from "#db/client.ts";
import { calendarListings, calendarSessions } from "#db/schema.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { createMember } from "#tests/integration/support/member-area-records.ts";

/**
 * The calendar's member pages called as React Router calls them: after requireMember has put the
 * member in the context and the rules step has been checked (the layout's middleware, proved by the
 * e2e suite). The pages read the real clock, so listings here are placed relative to it.
 */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

export async function routeArgs<Params extends Record<string, string> = Record<string, string>>(
  member: SignedInMember,
  path: string,
  init: { form?: Record<string, string>; params?: Params } = {},
) {
  const request = new Request(`http://localhost${path}`, init.form ? { method: "POST", body: new URLSearchParams(init.form) } : {});
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  context.set(memberContext, member);
  const url = new URL(request.url);
  const args = { request, url, pattern: url.pathname, params: init.params ?? ({} as Params), context };
  await checkClubRulesAcceptance(args, async () => new Response());
  return args;
}

/** The intents whose forms book or create, and so carry the page's key (docs/product-rules.md#a-form-is-one-intent). */
const keyedIntents = new Set(["rsvp", "join-waitlist", "add-guest", "enrol", "book", "save"]);

/** A form as sent from a page freshly shown: a booking or creating form gets a key of its own unless it names one. */
export function freshForm(form: Record<string, string>): Record<string, string> {
  return keyedIntents.has(form.intent ?? "") ? { formKey: crypto.randomUUID(), ...form } : form;
}

/** What an action answered: its data and status, or the redirect it threw. */
export async function answer(run: () => Promise<unknown>): Promise<{ status: number; outcome?: ActionResult; location?: string | null }> {
  try {
    const result = (await run()) as DataWithResponseInit<ActionResult>;
    return { status: result.init?.status ?? 200, outcome: result.data };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location") };
  }
}

/** A new active member of `tier` who has accepted the club rules. */
export async function acceptedMember(tier: SignedInMember["tier"] = "business"): Promise<SignedInMember> {
  const member = await createMember({ tier });
  await acceptRules(env.DB, member.id, RULES_VERSION);
  return member;
}

/**
 * A scheduled listing `daysAhead` days from now at 7 pm UTC-ish (each call a day of its own, so a
 * member's guest days never meet), open since yesterday, closing 24 hours before it starts; a term
 * gets one session per `sessions`, a week apart.
 */
let listings = 0;
export async function createListing(
  overrides: Partial<typeof calendarListings.$inferInsert> & { daysAhead?: number; sessions?: number } = {},
): Promise<typeof calendarListings.$inferSelect> {
  listings += 1;
  const { daysAhead, sessions = 1, ...columns } = overrides;
  const startsAt = iso(Date.now() + (daysAhead ?? 10 + listings) * DAY_MS);
  const [listing] = await getDatabase(env.DB)
    .insert(calendarListings)
    .values({
      id: `member-test-${crypto.randomUUID()}`,
      kind: "event",
      category: "tasting-night",
      title: `Test evening ${listings}`,
      description: "For the member pages' tests.",
      lounge: "kickback",
      startsAt,
      endsAt: iso(Date.parse(columns.startsAt ?? startsAt) + (sessions - 1) * 7 * DAY_MS + 2 * HOUR_MS),
      capacity: 10,
      opensAt: iso(Date.now() - DAY_MS),
      closesAt: iso(Date.parse(columns.startsAt ?? startsAt) - DAY_MS),
      ...columns,
    })
    .returning();
  if (listing!.kind === "course") {
    await getDatabase(env.DB)
      .insert(calendarSessions)
      .values(
        Array.from({ length: sessions }, (_, week) => {
          const start = Date.parse(listing!.startsAt) + week * 7 * DAY_MS;
          return { listingId: listing!.id, startsAt: iso(start), endsAt: iso(start + 2 * HOUR_MS) };
        }),
      );
  }
  return listing!;
}
