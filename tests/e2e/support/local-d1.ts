import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * Reads the local D1 of the server under test (wrangler dev persists it as SQLite under
 * .wrangler/e2e), the way an operator would look into the outbox: tests take the SMS code and the
 * invitation links from there, as a person would take them from their phone or inbox.
 */
const D1_DIRECTORY = ".wrangler/e2e/v3/d1/miniflare-D1DatabaseObject";

function openLocalD1(): DatabaseSync {
  const file = readdirSync(D1_DIRECTORY).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database in ${D1_DIRECTORY}: is the e2e server running?`);
  return new DatabaseSync(join(D1_DIRECTORY, file), { readOnly: true });
}

export function queryLocalD1<Row>(sql: string, ...parameters: (string | number)[]): Row[] {
  const database = openLocalD1();
  try {
    return database.prepare(sql).all(...parameters) as Row[];
  } finally {
    database.close();
  }
}

/** The newest outbox message to `recipient`, once it is there. */
export async function latestOutboxMessage(
  recipient: string,
  timeoutMs = 5000,
): Promise<{ subject: string | null; body: string; status: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = queryLocalD1<{ subject: string | null; body: string; status: string }>(
      "SELECT subject, body, status FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1",
      recipient,
    );
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`no outbox message to ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
