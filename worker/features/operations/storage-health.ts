import { getDatabase } from "#db/client.ts";
import { strictCounters } from "#db/schema.ts";

export interface StorageHealth {
  d1: boolean;
  kv: boolean;
}

/**
 * Really touches D1 (a query reading at most one row of a small table) and KV (a read of the
 * RATE_LIMITS namespace, the only one: sessions live in D1). A read,
 * not a write: KV allows one write per second per key, and a monitor polling the health check
 * must not run into that.
 */
export async function checkStorage(env: Pick<Env, "DB" | "RATE_LIMITS">): Promise<StorageHealth> {
  const [d1, kv] = await Promise.all([
    getDatabase(env.DB)
      .select({ key: strictCounters.key })
      .from(strictCounters)
      .limit(1)
      .then(() => true)
      .catch((error: unknown) => {
        console.error("health: D1 unavailable", error);
        return false;
      }),
    env.RATE_LIMITS.get("health-probe")
      .then(() => true)
      .catch((error: unknown) => {
        console.error("health: KV unavailable", error);
        return false;
      }),
  ]);
  return { d1, kv };
}
