import { parseArgs } from "node:util";
import { runOperatorScript } from "./members-cli.ts";
import { openMemberDatabase } from "./members-d1.ts";
import { seedDemoMembers } from "./members-seeding.ts";

/**
 * Seeds the two LOCAL demo accounts (docs/operators.md) into a local D1; `npm start` runs it after
 * the local migrations. It opens only the local database under --persist-to, never a remote one,
 * and refuses outright when asked for one.
 */
const usage = `Seeds the local demo accounts. Local only; never production.

  npm run seed:local -- [--persist-to DIR]   (default .wrangler/state)`;

const refusal = "seed-local only seeds a local development database; it never runs against a remote or production database.";

await runOperatorScript(async () => {
  const args = process.argv.slice(2);
  const asksForProduction =
    args.some((arg) => /^--(remote|production|preview)(=|$)/.test(arg) || /^--env(=|$)/.test(arg)) ||
    process.env.CLOUDFLARE_ENV === "production" ||
    process.env.ENVIRONMENT === "production";
  if (asksForProduction) {
    console.error(`Refused: ${refusal}`);
    process.exit(1);
  }
  let persistTo: string;
  try {
    persistTo =
      parseArgs({ args, options: { "persist-to": { type: "string" } }, strict: true, allowPositionals: false }).values["persist-to"] ??
      ".wrangler/state";
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(1);
  }
  const { db, dispose } = await openMemberDatabase({ remote: false, persistTo });
  try {
    const { member, concierge, door } = await seedDemoMembers(db);
    console.log(`
Local demo accounts (LOCAL DEVELOPMENT ONLY; they exist only in ${persistTo}):
  Member     ${member.email}   (Morgan Vale, Business, locker P-14)
  Concierge  ${concierge.email}   (Elena Marsh, Platinum; console at /concierge)
  Door       ${door.email}   (Theo Barrett, door staff; the door at /door)
Sign in at /auth with the email: no password. Locally the emailed code goes nowhere but this
terminal: wrangler prints "send_email binding called" with the path of an .html file holding it.
`);
  } finally {
    await dispose();
  }
});
