import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL here; wrangler applies it (conventions §2).
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./migrations",
});
