import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema.ts";

export type Database = ReturnType<typeof getDatabase>;

export function getDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}
