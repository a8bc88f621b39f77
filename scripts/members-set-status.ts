import { findMemberByEmail, setMemberStatus } from "#worker/features/members/members.ts";
import { memberEmail, OperatorError, readOptions, runOperatorScript, text } from "./members-cli.ts";
import { d1Target, describeTarget, openMemberDatabase, targetOptions } from "./members-d1.ts";

const usage = `Suspends a member, or makes them active again (docs/operators.md).

  npm run member:set-status -- --email EMAIL --status active|suspended [--remote --env staging|production | --persist-to DIR]

A suspended member cannot sign in, and their open sessions stop working on their next request.`;

await runOperatorScript(async () => {
  const options = readOptions({ usage, options: { email: { type: "string" }, status: { type: "string" }, ...targetOptions } });
  const email = memberEmail(text(options.email));
  const status = text(options.status);
  if (status !== "active" && status !== "suspended") throw new OperatorError("--status must be active or suspended");
  const target = d1Target(options);

  const { db, dispose } = await openMemberDatabase(target);
  try {
    const member = await findMemberByEmail(db, email);
    if (!member) throw new OperatorError(`no member with the email ${email} on ${describeTarget(target)}`);
    if (member.status === status) {
      console.log(`${member.name} <${email}> is already ${status}; nothing changed.`);
      return;
    }
    await setMemberStatus(db, member.id, status);
    console.log(`${member.name} <${email}>: ${member.status} → ${status} on ${describeTarget(target)}.`);
    if (status === "active" && member.passwordHash === null && member.googleSubject === null) {
      console.log("They have no password and no Google account yet: send them a link with npm run member:invite-link.");
    }
  } finally {
    await dispose();
  }
});
