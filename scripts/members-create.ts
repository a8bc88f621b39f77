import { createInvitedMember, invitationUrl } from "#worker/features/admissions/invitation-links.ts";
import { createActiveMember, findMemberByEmail } from "#worker/features/members/members.ts";
import {
  memberEmail,
  memberName,
  memberPassword,
  memberRole,
  membershipTier,
  OperatorError,
  readOptions,
  runOperatorScript,
  text,
} from "./members-cli.ts";
import { d1Target, describeTarget, openMemberDatabase, siteUrlFor, targetOptions } from "./members-d1.ts";

const usage = `Creates a member of Ember & Oak Society (docs/operators.md).

  npm run member:create -- --email EMAIL --name "NAME" --tier kickback|business|platinum
                           [--role concierge] [--password PASSWORD] [--site-url URL]
                           [--remote --env staging|production | --persist-to DIR]

Without --password the member is 'invited' and a single-use invitation link (7 days) is printed:
they open it to choose a password. With --password the member is active at once.
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
  // Worked out before anything is written, so a bad --password or --site-url leaves nothing half done.
  const credential =
    password === undefined
      ? { kind: "link" as const, siteUrl: siteUrlFor(text(options["site-url"]), target) }
      : { kind: "password" as const, password: memberPassword(password) };

  const { db, dispose } = await openMemberDatabase(target);
  try {
    const existing = await findMemberByEmail(db, email);
    if (existing) {
      throw new OperatorError(
        `${email} is already a member (status ${existing.status}). Use member:invite-link for a new link, or member:set-status.`,
      );
    }
    const member = { email, name, tier, role };
    if (credential.kind === "password") {
      await createActiveMember(db, { ...member, password: credential.password });
      console.log(
        `Created the active ${role} ${name} <${email}>, ${tier} tier, on ${describeTarget(target)}. They can sign in at /auth now.`,
      );
      return;
    }
    const link = await createInvitedMember(db, member);
    console.log(`Created the invited ${role} ${name} <${email}>, ${tier} tier, on ${describeTarget(target)}.

Their invitation link (works once, until ${link.expiresAt}; it is shown only now, so pass it on privately):

  ${invitationUrl(credential.siteUrl, link.token)}
`);
  } finally {
    await dispose();
  }
});
