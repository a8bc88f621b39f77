import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * The row of a conditional insert, written with the query builder:
 * `insert(table).select(database.select(insertSelectRow(table, row)).from(source).where(guard))`
 * inserts only when the select finds its source row, so the check and the write are one statement.
 * Drizzle's insert().select() takes every column of the table in the table's order; the columns
 * `row` leaves out take their default, as they do with values() (or NULL, from which an INTEGER
 * PRIMARY KEY takes the next id).
 */
export function insertSelectRow<TTable extends SQLiteTable>(
  table: TTable,
  row: SQLiteInsertValue<TTable>,
): { [Key in keyof TTable["$inferInsert"]]-?: SQL.Aliased } {
  const values: Record<string, unknown> = row;
  const selection = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = values[key] === undefined ? column.default : values[key];
    const expression = value === undefined ? sql`null` : is(value, SQL) ? value : sql`${sql.param(value, column)}`;
    return [key, expression.as(key)];
  });
  return Object.fromEntries(selection) as { [Key in keyof TTable["$inferInsert"]]-?: SQL.Aliased };
}
