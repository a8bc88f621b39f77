import { env } from "cloudflare:workers";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { memberContext, requestContext } from "#app/context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { and, asc, eq, ne } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { lockerAssignments, lockerRequests, lockers, lockerWaitlist, members, outbox } from "#db/schema.ts";
import { tiersWithLockerClass, type LockerClass } from "#app/features/site/tier-entitlements.ts";
import { workerConfig } from "#worker/config.ts";
import { toSignedInMember, type MemberRow } from "#worker/features/members/members.ts";
import { testSigningKey } from "#tests/integration/support/concierge-fixtures.ts";
import { createDuesMember } from "#tests/integration/dues/dues-fixtures.ts";

/** Lockers and their members for the locker tests, written straight to D1; every member is new. */
export const siteUrl = "https://emberandoak.test";
export const DAY_MS = 24 * 60 * 60 * 1000;
export const now = Date.parse("2027-03-01T18:00:00.000Z");
export const iso = (ms: number) => new Date(ms).toISOString();
/** The last millisecond of an offer made at `now`: March 8, 2027, 23:59:59.999 in Portland (PST). */
export const offerEnd = Date.parse("2027-03-09T07:59:59.999Z");

export const services = () => ({ env, config: { ...workerConfig(env), SITE_URL: siteUrl }, signingKey: testSigningKey() });

export const database = () => getDatabase(env.DB);

/** A new active Business member (the dues tests' member: nothing about lockers is set on a member row). */
export const createLockerMember = createDuesMember;

/** Gives every locker of the class but the last `free` (in offer order) to members of its own. */
export async function fillLockers(lockerClass: LockerClass, free: number): Promise<string[]> {
  const all = await database()
    .select()
    .from(lockers)
    .where(eq(lockers.lockerClass, lockerClass))
    .orderBy(asc(lockers.lounge), asc(lockers.number))
    .all();
  const taken = all.slice(0, Math.max(0, all.length - free));
  const [tier] = tiersWithLockerClass(lockerClass);
  for (const locker of taken) {
    const holder = await createLockerMember({ tier });
    await database()
      .insert(lockerAssignments)
      .values({ id: crypto.randomUUID(), lockerId: locker.id, memberId: holder.id, status: "active", startedAt: iso(now - DAY_MS) });
  }
  return all.slice(all.length - free).map((locker) => locker.id);
}

/** Gives the member an active locker (the first free of the class). */
export async function giveLocker(
  memberId: string,
  lockerId: string,
  status: "active" | "grace" | "holding" = "active",
  extra: Partial<typeof lockerAssignments.$inferInsert> = {},
) {
  const id = crypto.randomUUID();
  await database()
    .insert(lockerAssignments)
    .values({ id, lockerId, memberId, status, startedAt: iso(now - DAY_MS), ...extra });
  return id;
}

export async function assignmentsOf(memberId: string) {
  return database()
    .select()
    .from(lockerAssignments)
    .where(eq(lockerAssignments.memberId, memberId))
    .orderBy(asc(lockerAssignments.createdAt))
    .all();
}

export async function liveAssignmentOf(memberId: string) {
  return database()
    .select()
    .from(lockerAssignments)
    .where(and(eq(lockerAssignments.memberId, memberId), ne(lockerAssignments.status, "ended")))
    .all();
}

export async function waitlistRow(memberId: string) {
  return database().select().from(lockerWaitlist).where(eq(lockerWaitlist.memberId, memberId)).get();
}

export async function requestsOf(memberId: string) {
  return database().select().from(lockerRequests).where(eq(lockerRequests.memberId, memberId)).all();
}

export async function emailsTo(recipient: string) {
  return database().select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(outbox.id).all();
}

type RouteArgs = { request: Request; url: URL; pattern: string; params: Record<string, string>; context: RouterContextProvider };

/** The args React Router gives /members/locker's loader and action, for a member who accepted the rules. */
export async function lockerPageRequest(member: MemberRow, form?: Record<string, string>): Promise<RouteArgs> {
  await acceptRules(env.DB, member.id, RULES_VERSION);
  const request = new Request("http://localhost/members/locker", form ? { method: "POST", body: new URLSearchParams(form) } : {});
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  context.set(memberContext, toSignedInMember(member));
  const url = new URL(request.url);
  const args = { request, url, pattern: url.pathname, params: {}, context };
  await checkClubRulesAcceptance(args, async () => new Response());
  return args;
}

/** What an action answered: its data and status. */
export async function answer(run: () => Promise<unknown>): Promise<{ status: number; outcome?: ActionResult }> {
  const result = (await run()) as DataWithResponseInit<ActionResult>;
  return { status: result.init?.status ?? 200, outcome: result.data };
}

/**
 * The tests of a file share one D1: each starts with every locker free, nobody in line, and the
 * members of earlier tests suspended (so the cron's offers to members without a locker see only
 * this test's members).
 */
export async function clearLockers() {
  await database().batch([
    database().delete(lockerRequests),
    database().delete(lockerWaitlist),
    database().delete(lockerAssignments),
    database().update(members).set({ status: "suspended" }),
  ]);
}
