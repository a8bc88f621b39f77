import { and, eq, inArray } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import { DATABASE_NOW, endEverySessionStatements } from "#worker/features/sign-in/member-session.ts";

export type MemberRow = typeof members.$inferSelect;

/** What an operator or the concierge chooses for a new member. */
export type NewMemberFields = Pick<MemberRow, "email" | "name" | "tier" | "role">;

/** What the pages may know about the signed-in member. */
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

/** The member, only while active (sessions check the same in their own query: member-session.ts). */
export async function findActiveMember(db: D1Database, id: string): Promise<MemberRow | undefined> {
  const member = await findMemberById(db, id);
  return member?.status === "active" ? member : undefined;
}

/**
 * Suspends or reactivates a member. Either way every session they had ends in the same batch
 * (docs/security.md#sessions): a suspension must shut every device out, and a reactivation must
 * not bring back the sessions the suspension ended. The moment is the database's clock unless given:
 * scripts/members-set-status.ts runs this on the operator's computer, whose clock may run ahead.
 * With `from`, the status changes only from one of those (the console's suspend and reactivate: of
 * two concierges pressing at once, D1 runs one batch after the other and the second changes
 * nothing). True when the status changed.
 */
export async function setMemberStatus(
  d1: D1Database,
  memberId: string,
  status: MemberRow["status"],
  now: number | typeof DATABASE_NOW = DATABASE_NOW,
  from?: readonly MemberRow["status"][],
  onlyRoles?: readonly MemberRow["role"][],
): Promise<boolean> {
  const database = getDatabase(d1);
  const [changed] = await database.batch([
    database
      .update(members)
      .set({ status })
      .where(
        and(
          eq(members.id, memberId),
          from ? inArray(members.status, from) : undefined,
          onlyRoles ? inArray(members.role, onlyRoles) : undefined,
        ),
      )
      .returning({ id: members.id }),
    // Guarded, the sessions end only if the status changed (a refused change ends nothing).
    ...endEverySessionStatements(database, memberId, now, from ? eq(members.status, status) : undefined),
  ]);
  return changed.length > 0;
}
