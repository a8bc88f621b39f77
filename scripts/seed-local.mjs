import { parseArgs } from "node:util";
import { seedLocalDemoMembers } from "./lib/local-members.mjs";
import { runOperatorScript } from "./lib/operator-cli.mjs";

/**
 * Seeds the two LOCAL demo accounts (docs/operators.md) into a local D1; `npm start` runs it after
 * the local migrations. It writes to the SQLite file under --persist-to and has no way to reach a
 * deployed database, and it refuses outright when asked for one.
 */
const usage = `Seeds the local demo accounts. Local only; never production.

  node scripts/seed-local.mjs [--persist-to DIR]   (default .wrangler/state)`;

const refusal = "seed-local only seeds a local development database; it never runs against a remote or production database.";

await runOperatorScript(() => {
  const args = process.argv.slice(2);
  const asksForProduction =
    args.some((arg) => /^--(remote|production|preview)(=|$)/.test(arg) || /^--env(=|$)/.test(arg)) ||
    process.env.CLOUDFLARE_ENV === "production" ||
    process.env.ENVIRONMENT === "production";
  if (asksForProduction) {
    console.error(`Refused: ${refusal}`);
    process.exit(1);
  }
  let persistTo;
  try {
    persistTo = parseArgs({ args, options: { "persist-to": { type: "string" } }, strict: true, allowPositionals: false }).values[
      "persist-to"
    ];
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${usage}`);
    process.exit(1);
  }
  const { member, concierge } = seedLocalDemoMembers(persistTo ?? ".wrangler/state");
  console.log(`
Local demo accounts (LOCAL DEVELOPMENT ONLY; they exist only in ${persistTo ?? ".wrangler/state"}):
  Member     ${member.email}  password: ${member.password}   (Morgan Vale, Business, locker B-214)
  Concierge  ${concierge.email}  password: ${concierge.password}   (Elena Marsh, Platinum; console at /concierge)
Sign in at /auth.
`);
});
