import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { duesLedger, members, outbox } from "#db/schema.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { placesTaken } from "#worker/features/admissions/tier-places.ts";

/** Members with dues for the dues tests, written straight to D1; every one is new, so tests share nothing. */
export async function createDuesMember(overrides: Partial<MemberRow> = {}): Promise<MemberRow> {
  const id = crypto.randomUUID();
  const [member] = await getDatabase(env.DB)
    .insert(members)
    .values({
      id,
      email: `dues.${id}@example.com`,
      name: `Dues Member ${id.slice(0, 8)}`,
      tier: "business",
      role: "member",
      status: "active",
      ...overrides,
    })
    .returning();
  return member!;
}

export async function memberRow(id: string): Promise<MemberRow> {
  return (await getDatabase(env.DB).select().from(members).where(eq(members.id, id)).get())!;
}

export async function ledgerOf(memberId: string) {
  return getDatabase(env.DB).select().from(duesLedger).where(eq(duesLedger.memberId, memberId)).orderBy(duesLedger.id).all();
}

export async function emailsTo(recipient: string) {
  return getDatabase(env.DB).select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(outbox.id).all();
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The places taken in the tier now (admissions' own count), to set a cap that makes it full. */
export async function placesTakenIn(tier: MemberRow["tier"]): Promise<number> {
  return (await getDatabase(env.DB).get<{ taken: number }>(sql`select ${placesTaken(tier)} as taken`))!.taken;
}
