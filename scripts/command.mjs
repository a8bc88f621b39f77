import "./node-version.mjs";
import { fileURLToPath } from "node:url";

/**
 * `node scripts/command.mjs <file> [options]` starts one of the TypeScript commands below (run by
 * Node's type stripping) after the Node version check, so an older Node says which version it
 * needs instead of stopping at the `.ts` extension (scripts/node-version.mjs says why). The
 * package.json scripts start them this way; the command sees its own options as if started alone.
 */
const commands = [
  "scripts/members-create.ts",
  "scripts/members-set-status.ts",
  "scripts/members-invite-link.ts",
  "scripts/members-seed-local.ts",
  "scripts/deploy-preflight-command.ts",
  "scripts/deploy-secrets-command.ts",
  "tests/e2e/support/seed-member-pool.ts",
];

const file = process.argv[2] ?? "";
if (!commands.includes(file)) {
  console.error(`Usage: node scripts/command.mjs <file> [options], where <file> is one of:\n  ${commands.join("\n  ")}`);
  process.exit(1);
}
const entry = new URL(`../${file}`, import.meta.url);
process.argv.splice(1, 2, fileURLToPath(entry));
await import(entry.href);
