import { createInvitedMember, invitationUrl } from "#worker/features/admissions/invitation-links.ts";
import { findMemberByEmail } from "#worker/features/members/members.ts";
import { memberEmail, memberName, memberRole, membershipTier, OperatorError, readOptions, runOperatorScript, text } from "./members-cli.ts";
import { d1Target, describeTarget, openMemberDatabase, siteUrlFor, targetOptions } from "./members-d1.ts";

const usage = `Creates a member of Ember & Oak Society (docs/operators.md).

  npm run member:create -- --email EMAIL --name "NAME" --tier kickback|business|platinum
                           [--role concierge] [--site-url URL]
                           [--remote --env staging|production | --persist-to DIR]

The member is 'invited' and their single-use invitation link (7 days) is printed, once: opening it
confirms their email and signs them in (no password exists; they then add a passkey or sign in
with emailed codes). This is also how the first concierge of a new deployment gets in.
Local by default (.wrangler/state); --remote --env writes to that environment's deployed D1
database, once wrangler.toml passes the deploy preflight (docs/deploy.md).`;

await runOperatorScript(async () => {
  const options = readOptions({
    usage,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      tier: { type: "string" },
      role: { type: "string" },
      "site-url": { type: "string" },
      ...targetOptions,
    },
  });
  const email = memberEmail(text(options.email));
  const name = memberName(text(options.name));
  const tier = membershipTier(text(options.tier));
  const role = memberRole(text(options.role));
  const target = d1Target(options);
  // Worked out before anything is written, so a bad --site-url leaves nothing half done.
  const siteUrl = siteUrlFor(text(options["site-url"]), target);

  const { db, dispose } = await openMemberDatabase(target);
  try {
    const existing = await findMemberByEmail(db, email);
    if (existing) {
      throw new OperatorError(
        `${email} is already a member (status ${existing.status}). Use member:invite-link for a new link, or member:set-status.`,
      );
    }
    const link = await createInvitedMember(db, { email, name, tier, role });
    console.log(`Created the invited ${role} ${name} <${email}>, ${tier} tier, on ${describeTarget(target)}.

Their invitation link (works once, until ${link.expiresAt}; it is shown only now, so pass it on privately):

  ${invitationUrl(siteUrl, link.token)}
`);
  } finally {
    await dispose();
  }
});
