import { randomUUID } from "node:crypto";
import { d1Target, describeTarget, executeD1 } from "./lib/d1.mjs";
import { invitationUrl, newInvitationLink } from "./lib/invitation-link.mjs";
import { findMemberSql, insertMemberSql, replaceInvitationLinkSql } from "./lib/member-sql.mjs";
import { memberEmail, memberName, memberPassword, memberRole, membershipTier, OperatorError } from "./lib/member-fields.mjs";
import { readOptions, runOperatorScript, siteUrlFor, targetOptions, text } from "./lib/operator-cli.mjs";
import { hashPassword } from "./lib/password-hash.mjs";

const usage = `Creates a member of Ember & Oak Society (docs/operators.md).

  npm run member:create -- --email EMAIL --name "NAME" --tier kickback|business|platinum
                           [--role concierge] [--password PASSWORD] [--site-url URL]
                           [--remote [--env NAME] | --persist-to DIR]

Without --password the member is 'invited' and a single-use invitation link (7 days) is printed:
they open it to choose a password. With --password the member is active at once.
Local by default (.wrangler/state); --remote writes to the deployed D1 database.`;

await runOperatorScript(() => {
  const options = readOptions({
    usage,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      tier: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      "site-url": { type: "string" },
      ...targetOptions,
    },
  });
  const email = memberEmail(text(options.email));
  const name = memberName(text(options.name));
  const tier = membershipTier(text(options.tier));
  const role = memberRole(text(options.role));
  const password = text(options.password);
  const target = d1Target(options);
  // Worked out before anything is written, so a bad --site-url leaves nothing half done.
  const siteUrl =
    password === undefined ? siteUrlFor({ siteUrl: text(options["site-url"]), remote: target.remote, env: target.env }) : null;

  const [existing] = executeD1(target, findMemberSql(email))[0] ?? [];
  if (existing) {
    throw new OperatorError(
      `${email} is already a member (status ${existing.status}). Use member:invite-link for a new link, or member:set-status.`,
    );
  }

  const createdAt = Date.now();
  const now = new Date(createdAt).toISOString();
  const member = { id: randomUUID(), email, name, tier, role, now };
  if (password !== undefined) {
    executeD1(target, insertMemberSql({ ...member, status: "active", passwordHash: hashPassword(memberPassword(password)) }));
    console.log(
      `Created the active ${role} ${name} <${email}>, ${tier} tier, on ${describeTarget(target)}. They can sign in at /auth now.`,
    );
    return;
  }
  const link = newInvitationLink(createdAt);
  executeD1(
    target,
    `${insertMemberSql({ ...member, status: "invited", passwordHash: null })}\n${replaceInvitationLinkSql(member.id, link, now)}`,
  );
  console.log(`Created the invited ${role} ${name} <${email}>, ${tier} tier, on ${describeTarget(target)}.

Their invitation link (works once, until ${link.expiresAt}; it is shown only now, so pass it on privately):

  ${invitationUrl(/** @type {string} */ (siteUrl), link.token)}
`);
});
