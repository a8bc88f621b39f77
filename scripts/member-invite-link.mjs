import { d1Target, describeTarget, executeD1 } from "./lib/d1.mjs";
import { invitationUrl, newInvitationLink } from "./lib/invitation-link.mjs";
import { findMemberSql, replaceInvitationLinkSql } from "./lib/member-sql.mjs";
import { memberEmail, OperatorError } from "./lib/member-fields.mjs";
import { readOptions, runOperatorScript, siteUrlFor, targetOptions, text } from "./lib/operator-cli.mjs";

const usage = `Prints a new single-use invitation link for an existing member (docs/operators.md).

  npm run member:invite-link -- --email EMAIL [--site-url URL] [--remote [--env NAME] | --persist-to DIR]

The link works once, for 7 days, and replaces the member's earlier open links. Opening it sets a
new password (or links Google), so it also serves as a password reset for an active member.`;

await runOperatorScript(() => {
  const options = readOptions({ usage, options: { email: { type: "string" }, "site-url": { type: "string" }, ...targetOptions } });
  const email = memberEmail(text(options.email));
  const target = d1Target(options);
  const siteUrl = siteUrlFor({ siteUrl: text(options["site-url"]), remote: target.remote, env: target.env });

  const [member] = executeD1(target, findMemberSql(email))[0] ?? [];
  if (!member) throw new OperatorError(`no member with the email ${email} on ${describeTarget(target)}`);
  if (member.status === "suspended") {
    throw new OperatorError(`${email} is suspended; a link would not open. Make them active first with npm run member:set-status.`);
  }
  const now = Date.now();
  const link = newInvitationLink(now);
  executeD1(target, replaceInvitationLinkSql(String(member.id), link, new Date(now).toISOString()));
  console.log(`A new invitation link for ${member.name} <${email}> on ${describeTarget(target)} (works once, until ${link.expiresAt}; earlier open links no longer work):

  ${invitationUrl(siteUrl, link.token)}
`);
});
