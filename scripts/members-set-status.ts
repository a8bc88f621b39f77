import { findMemberByEmail, setMemberStatus } from "#worker/features/members/members.ts";
import { memberEmail, OperatorError, readOptions, runOperatorScript, text } from "./members-cli.ts";
import { d1Target, describeTarget, openMemberDatabase, targetOptions } from "./members-d1.ts";

const usage = `Suspends a member, or makes them active again (docs/operators.md).

  npm run member:set-status -- --email EMAIL --status active|suspended [--remote --env staging|production | --persist-to DIR]

Either way every session the member had ends at once, and every member card they held is revoked. A suspended member cannot sign in; an
active one signs in at /auth with an emailed code, a passkey or Google.`;

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
    console.log(
      `${member.name} <${email}>: ${member.status} → ${status} on ${describeTarget(target)}. Every session they had has ended and their member cards are revoked.`,
    );
    if (status === "active") console.log("They sign in at /auth with a code emailed to them (or a passkey or Google, if they added one).");
  } finally {
    await dispose();
  }
});
