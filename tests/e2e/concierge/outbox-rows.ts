import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * Puts an email that the retries gave up on into the local D1 of the server under test
 * (wrangler dev keeps it as SQLite under .wrangler/e2e, as tests/e2e/support/local-d1.ts reads
 * it): five failed attempts cannot be waited for in a browser test. Stored just now, so the
 * health check's age limit is not crossed by a row a failed test leaves behind.
 */
const D1_DIRECTORY = ".wrangler/e2e/v3/d1/miniflare-D1DatabaseObject";

export function storeEmailNeedingAttention(recipient: string, lastError: string): number {
  const file = readdirSync(D1_DIRECTORY).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database in ${D1_DIRECTORY}: is the e2e server running?`);
  const database = new DatabaseSync(join(D1_DIRECTORY, file));
  try {
    const row = database
      .prepare(
        `INSERT INTO outbox (channel, recipient, subject, body, status, attempts, last_error)
         VALUES ('email', ?, 'Your invitation to Ember & Oak Society', '<p>Welcome</p>', 'needs_attention', 5, ?) RETURNING id`,
      )
      .get(recipient, lastError) as { id: number };
    return row.id;
  } finally {
    database.close();
  }
}
