import { asc } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { partnerVendors } from "#db/schema.ts";

export type PartnerVendor = typeof partnerVendors.$inferSelect;

/** The partner vendors and their member offers, by category, then name. */
export async function listPartnerVendors(db: D1Database): Promise<PartnerVendor[]> {
  return getDatabase(db).select().from(partnerVendors).orderBy(asc(partnerVendors.category), asc(partnerVendors.name)).all();
}
