import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/*
 * Text matching in SQL without LIKE: D1 refuses a LIKE pattern of more than 50 bytes ("LIKE or
 * GLOB pattern too complex"), so a long search answered 500, and LIKE's % and _ would need
 * escaping. instr() and substr() have no such limit and no wildcards.
 */

/**
 * The searches' one way to ask "does this column hold this text": literally (%, _ and \ are
 * themselves), ignoring ASCII case as LIKE does.
 */
export function containsText(column: SQLWrapper, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}

/** Does the column's text begin with `prefix`, exactly (case and all)? */
export function startsWithText(column: SQLWrapper, prefix: string): SQL {
  return sql`substr(${column}, 1, length(${prefix})) = ${prefix}`;
}
