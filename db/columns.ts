import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** An ISO-8601 UTC timestamp column that defaults to the time of the insert. */
export const utcTimestamp = (column: string) =>
  text(column)
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
