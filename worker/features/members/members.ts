import { eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import { hashPassword } from "#worker/features/sign-in/password.ts";

export type MemberRow = typeof members.$inferSelect;

/** What an operator or the concierge chooses for a new member. */
export type NewMemberFields = Pick<MemberRow, "email" | "name" | "tier" | "role">;

/** What the pages may know about the signed-in member (never the password hash). */
export interface SignedInMember {
  id: string;
  email: string;
  name: string;
  tier: MemberRow["tier"];
  role: MemberRow["role"];
}

export function toSignedInMember(row: MemberRow): SignedInMember {
  return { id: row.id, email: row.email, name: row.name, tier: row.tier, role: row.role };
}

/** Emails are compared lower-cased and trimmed everywhere (sign-in, invitations, scripts). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findMemberById(db: D1Database, id: string): Promise<MemberRow | undefined> {
  return getDatabase(db).select().from(members).where(eq(members.id, id)).get();
}

export async function findMemberByEmail(db: D1Database, email: string): Promise<MemberRow | undefined> {
  return getDatabase(db)
    .select()
    .from(members)
    .where(eq(members.email, normalizeEmail(email)))
    .get();
}

/**
 * The member behind a session, only while still active: KV sessions are eventually consistent
 * and outlive a suspension by up to the cache time, so every members-only request also asks D1.
 */
export async function findActiveMember(db: D1Database, id: string): Promise<MemberRow | undefined> {
  const member = await findMemberById(db, id);
  return member?.status === "active" ? member : undefined;
}

/** An 'active' member who signs in with `password` at once (an operator's command; the club admits through invitation links). */
export async function createActiveMember(
  d1: D1Database,
  fields: NewMemberFields & { password: string },
  now: number = Date.now(),
): Promise<void> {
  const { password, ...member } = fields;
  await getDatabase(d1)
    .insert(members)
    .values({
      ...member,
      id: crypto.randomUUID(),
      status: "active",
      passwordHash: await hashPassword(password),
      createdAt: new Date(now).toISOString(),
    });
}

/** Suspends or reactivates a member: the next members-only request reads it from D1 (see findActiveMember). */
export async function setMemberStatus(d1: D1Database, memberId: string, status: MemberRow["status"]): Promise<void> {
  await getDatabase(d1).update(members).set({ status }).where(eq(members.id, memberId));
}
