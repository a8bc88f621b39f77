import { invitationUrl, replaceInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import { findMemberByEmail } from "#worker/features/members/members.ts";
import { memberEmail, OperatorError, readOptions, runOperatorScript, text } from "./members-cli.ts";
import { d1Target, describeTarget, openMemberDatabase, siteUrlFor, targetOptions } from "./members-d1.ts";

const usage = `Prints a new single-use invitation link for an existing member (docs/operators.md).

  npm run member:invite-link -- --email EMAIL [--site-url URL] [--remote --env staging|production | --persist-to DIR]

The link works once, for 7 days, and replaces the member's earlier open links. Opening it confirms
the member's email, ends every session they had, revokes their member cards and signs them in on
that device (or links Google),
so it is also the way back in for an active member who cannot sign in otherwise.`;

await runOperatorScript(async () => {
  const options = readOptions({ usage, options: { email: { type: "string" }, "site-url": { type: "string" }, ...targetOptions } });
  const email = memberEmail(text(options.email));
  const target = d1Target(options);
  const siteUrl = siteUrlFor(text(options["site-url"]), target);

  const { db, dispose } = await openMemberDatabase(target);
  try {
    const member = await findMemberByEmail(db, email);
    if (!member) throw new OperatorError(`no member with the email ${email} on ${describeTarget(target)}`);
    if (member.status === "suspended") {
      throw new OperatorError(`${email} is suspended; a link would not open. Make them active first with npm run member:set-status.`);
    }
    const link = await replaceInvitationLink(db, member.id);
    console.log(`A new invitation link for ${member.name} <${email}> on ${describeTarget(target)} (works once, until ${link.expiresAt}; earlier open links no longer work):

  ${invitationUrl(siteUrl, link.token)}
`);
  } finally {
    await dispose();
  }
});
