import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// The same SQL that wrangler applies locally and remotely (migrations/, generated from db/).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
