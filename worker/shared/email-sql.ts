import { sql, type SQL } from "drizzle-orm";

/**
 * Emails whose text holds facts only known inside the statement that decides (which locker an
 * offer takes, a member's name read from their row): such a fact is a slot, written
 * `slot("name")` in the text and filled by an SQL expression (`fillSlots`), so the outbox row is
 * inserted by the same batch that decides. Used by the lockers' and the calendar's emails.
 */

/** A placeholder for a value an SQL expression fills in (fillSlots). */
export function slot(name: string): string {
  return `\u0000${name}\u0000`;
}

/** The text with each slot replaced by its SQL expression (already escaped, see sqlEscapeMarkup). */
export function fillSlots(text: string, values: Record<string, SQL>): SQL {
  // A NUL never reaches the text from a person (app/lib/plain-text.ts refuses control characters).
  const parts = text.split("\u0000");
  const chunks = parts.map((part, index) => {
    if (index % 2 === 0) return sql`${part}`;
    const value = values[part];
    if (!value) throw new Error(`email: no value for the slot ${part}`);
    return sql`(${value})`;
  });
  return sql.join(chunks, sql` || `);
}

/** SQL: escapeMarkup of a text column (app/lib/escape-markup.ts), for a slot. */
export function sqlEscapeMarkup(text: SQL): SQL {
  return sql`replace(replace(replace(replace(replace(${text}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;
}
