import "./node-version.mjs";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";

// Without V8's Maglev compiler. A command exits a second after it starts, often while Maglev is
// still compiling on a background thread; when that compile waits for a garbage collection, Node's
// exit waits for the compile thread and the process hangs for good (nodejs/node#54918, caught here
// with gdb on a `--help` that never returned). The commands are short and gain nothing from it.
setFlagsFromString("--no-maglev");

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
  "scripts/card-signing-key.ts",
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
