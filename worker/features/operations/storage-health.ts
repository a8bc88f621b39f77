export interface StorageHealth {
  d1: boolean;
  kv: boolean;
}

/**
 * Really touches D1 (a query) and KV (a read). A read, not a write: KV allows one write per
 * second per key, and a monitor polling the health check must not run into that.
 */
export async function checkStorage(env: Pick<Env, "DB" | "SESSIONS">): Promise<StorageHealth> {
  const [d1, kv] = await Promise.all([
    env.DB.prepare("SELECT 1 AS one")
      .first<{ one: number }>()
      .then((row) => row?.one === 1)
      .catch((error: unknown) => {
        console.error("health: D1 unavailable", error);
        return false;
      }),
    env.SESSIONS.get("health-probe")
      .then(() => true)
      .catch((error: unknown) => {
        console.error("health: KV unavailable", error);
        return false;
      }),
  ]);
  return { d1, kv };
}
