/**
 * SQL literals for the operator scripts, which hand whole statements to `wrangler d1 execute
 * --command` (it takes no bound parameters). Every value goes through sqlValue: strings become
 * single-quoted literals with each single quote doubled, the only escape SQLite's literals have.
 */

/**
 * @param {string} value
 * @returns {string}
 */
export function sqlString(value) {
  // SQLite would end the string at a NUL; nothing the scripts store may contain one.
  if (value.includes("\0")) throw new Error("values may not contain NUL characters");
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * @param {string | number | null} value
 * @returns {string}
 */
export function sqlValue(value) {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return String(value);
  }
  return sqlString(value);
}
