import { and, eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { rulesAcceptances } from "#db/schema.ts";

/**
 * The club rules step (docs/product-rules.md#member-area): a member enters member areas only once they have accepted the
 * current version of the rules. One row per member and version (the primary key), kept as the
 * record of when they accepted it.
 */
export async function hasAcceptedRules(db: D1Database, memberId: string, rulesVersion: string): Promise<boolean> {
  const row = await getDatabase(db)
    .select({ acceptedAt: rulesAcceptances.acceptedAt })
    .from(rulesAcceptances)
    .where(and(eq(rulesAcceptances.memberId, memberId), eq(rulesAcceptances.rulesVersion, rulesVersion)))
    .get();
  return row !== undefined;
}

/** Records the acceptance; accepting the same version again keeps the first time it was accepted. */
export async function acceptRules(db: D1Database, memberId: string, rulesVersion: string): Promise<void> {
  await getDatabase(db).insert(rulesAcceptances).values({ memberId, rulesVersion }).onConflictDoNothing();
}
