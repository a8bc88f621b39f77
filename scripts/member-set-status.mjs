import { d1Target, describeTarget, executeD1 } from "./lib/d1.mjs";
import { findMemberSql } from "./lib/member-sql.mjs";
import { memberEmail, OperatorError } from "./lib/member-fields.mjs";
import { readOptions, runOperatorScript, targetOptions, text } from "./lib/operator-cli.mjs";
import { sqlValue } from "./lib/sql.mjs";

const usage = `Suspends a member, or makes them active again (docs/operators.md).

  npm run member:set-status -- --email EMAIL --status active|suspended [--remote [--env NAME] | --persist-to DIR]

A suspended member cannot sign in, and their open sessions stop working on their next request.`;

await runOperatorScript(() => {
  const options = readOptions({ usage, options: { email: { type: "string" }, status: { type: "string" }, ...targetOptions } });
  const email = memberEmail(text(options.email));
  const status = text(options.status);
  if (status !== "active" && status !== "suspended") throw new OperatorError("--status must be active or suspended");
  const target = d1Target(options);

  const [member] = executeD1(target, findMemberSql(email))[0] ?? [];
  if (!member) throw new OperatorError(`no member with the email ${email} on ${describeTarget(target)}`);
  if (member.status === status) {
    console.log(`${member.name} <${email}> is already ${status}; nothing changed.`);
    return;
  }
  executeD1(target, `UPDATE members SET status = ${sqlValue(status)} WHERE id = ${sqlValue(String(member.id))};`);
  console.log(`${member.name} <${email}>: ${member.status} → ${status} on ${describeTarget(target)}.`);
  if (status === "active" && !member.has_password && !member.has_google) {
    console.log("They have no password and no Google account yet: send them a link with npm run member:invite-link.");
  }
});
