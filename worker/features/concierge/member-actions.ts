import { and, eq, exists, inArray, ne, notExists, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { memberNotes, memberPasskeys, members, outbox } from "#db/schema.ts";
import type { staffRoles } from "#db/schema/members.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { findMemberById, setMemberStatus, type MemberRow } from "#worker/features/members/members.ts";
import { endEverySessionStatements } from "#worker/features/sign-in/member-session.ts";
import { invitationUrl, newInvitationLink, replaceInvitationLinkStatements } from "#worker/features/admissions/invitation-links.ts";
import { placesTaken, tierCap } from "#worker/features/admissions/tier-places.ts";
import { changeMembershipTier, type TierChangeOutcome } from "#worker/features/dues/tier-changes.ts";
import { paymentProviderFor } from "#worker/features/dues/payment-provider-for.ts";
import { removeMemberPhoto, storeMemberPhoto, type PhotoOutcome } from "#worker/features/card/member-photos.ts";
import { sealSecret } from "#worker/shared/sealed-secrets.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { memberSetupLinkEmail } from "./member-setup-email.ts";

/**
 * What a concierge does to a member from their console page (docs/product-rules.md#members). Each
 * change is decided in one statement or one D1 batch, and audited as a security event naming the
 * concierge (`userId`), the member (`details.memberId`) and what changed; the time is the event's.
 */
type StaffContext = Pick<RequestContext, "env" | "config" | "signingKey" | "logSecurityEvent">;
type StaffRole = (typeof staffRoles)[number];

/**
 * Suspend (from invited or active) or reactivate (from suspended); every session of theirs ends
 * either way. A concierge is never suspended from the console (themselves included): their role
 * is taken away first, by another concierge (changeStaffRole keeps the club one), so two
 * concierges suspending each other at once cannot leave the console with nobody. The role is
 * checked in the same UPDATE.
 */
export async function changeMemberStatus(
  context: StaffContext,
  conciergeId: string,
  memberId: string,
  change: "suspend" | "reactivate",
): Promise<"changed" | "unchanged" | "not-found" | "concierge"> {
  const member = await findMemberById(context.env.DB, memberId);
  if (!member) return "not-found";
  const [to, from] = change === "suspend" ? (["suspended", ["invited", "active"]] as const) : (["active", ["suspended"]] as const);
  if (change === "suspend" && member.role === "concierge") return "concierge";
  if (!from.includes(member.status as never)) return "unchanged";
  const suspendable = change === "suspend" ? (["member", "door"] as const) : undefined;
  if (!(await setMemberStatus(context.env.DB, memberId, to, undefined, from, suspendable))) return "unchanged";
  context.logSecurityEvent({
    eventType: "member_status_changed",
    severity: "medium",
    description: change === "suspend" ? "member suspended by the concierge" : "member reactivated by the concierge",
    userId: conciergeId,
    details: { memberId, from: member.status, to, sessionsEnded: true, cardsRevoked: true },
  });
  return "changed";
}

export type SetupLinkOutcome = "sent" | "not-found" | "suspended" | "has-passkey";

/**
 * 'Resend sign-in link': a new single-use invitation link (the earlier open ones stop working) and
 * the email carrying it, sealed, in one batch; then delivered at once (the cron retries). For an
 * invited member, or an active one with no passkey: opening the link removes a member's passkeys
 * (invitation-links.ts), so a member who has one signs in with it or an emailed code instead.
 */
export async function resendSetupLink(context: StaffContext, conciergeId: string, memberId: string): Promise<SetupLinkOutcome> {
  const database = getDatabase(context.env.DB);
  const member = await findMemberById(context.env.DB, memberId);
  if (!member) return "not-found";
  if (member.status === "suspended") return "suspended";
  const now = Date.now();
  const link = await newInvitationLink(now);
  const message = memberSetupLinkEmail({
    name: member.name,
    link: await sealSecret(context.signingKey, invitationUrl(context.config.SITE_URL, link.token)),
    expiresAt: link.expiresAt,
  });
  // Both links and the email are written only while the member is still not suspended and has no passkey.
  const eligible = and(
    inArray(members.status, ["invited", "active"]),
    notExists(database.select({ id: memberPasskeys.id }).from(memberPasskeys).where(eq(memberPasskeys.memberId, memberId))),
  );
  const [, , queued] = await database.batch([
    ...replaceInvitationLinkStatements(database, memberId, link, now, eligible),
    database
      .insert(outbox)
      .select(
        database
          .select(insertSelectRow(outbox, { channel: "email", recipient: member.email, subject: message.subject, body: message.body }))
          .from(members)
          .where(and(eq(members.id, memberId), eligible)),
      )
      .returning({ id: outbox.id }),
  ]);
  const outboxId = queued[0]?.id;
  // Nothing written: the member was suspended, or added a passkey, a moment before.
  if (outboxId === undefined) return (await findMemberById(context.env.DB, memberId))?.status === "suspended" ? "suspended" : "has-passkey";
  await deliverEmail(context, outboxId, now);
  context.logSecurityEvent({
    eventType: "member_setup_link_sent",
    severity: "medium",
    description: "sign-in link sent to the member by the concierge",
    userId: conciergeId,
    details: { memberId, memberStatus: member.status, outboxId, expiresAt: link.expiresAt },
  });
  return "sent";
}

/**
 * 'Change tier': the member's own tier change (worker/features/dues/tier-changes.ts) made by staff,
 * with the same rules: an upgrade when the tier has a place nobody waits for (a subscriber's at
 * once, its difference charged; a lounge payer's waiting for its prorated difference), a downgrade
 * at the end of the paid period, nothing while dues are past due or lapsed. Audited as the concierge's act besides the member's 'tier_changed'.
 */
export async function changeTierForMember(
  context: StaffContext,
  conciergeId: string,
  memberId: string,
  tier: MemberRow["tier"],
): Promise<TierChangeOutcome> {
  const before = await findMemberById(context.env.DB, memberId);
  if (!before) return { ok: false, reason: "not-found" };
  const outcome = await changeMembershipTier(context, paymentProviderFor(context.config, context.env), memberId, tier);
  if (outcome.ok) {
    context.logSecurityEvent({
      eventType: "member_tier_changed_by_staff",
      severity: "low",
      description: `membership tier ${outcome.change} by the concierge`,
      userId: conciergeId,
      details: { memberId, from: before.tier, to: tier, change: outcome.change },
    });
  }
  return outcome;
}

/** 'Add photo' (or replace it): checked, stored, then audited; nothing changes when the file is refused. */
export async function replaceMemberPhoto(context: StaffContext, conciergeId: string, memberId: string, photo: File): Promise<PhotoOutcome> {
  const outcome = await storeMemberPhoto(context.env, memberId, photo);
  if (outcome.ok) {
    context.logSecurityEvent({
      eventType: "member_photo_changed",
      severity: "low",
      description: "member photo added by the concierge",
      userId: conciergeId,
      details: { memberId, bytes: photo.size },
    });
  }
  return outcome;
}

/** 'Remove photo'. */
export async function deleteMemberPhoto(context: StaffContext, conciergeId: string, memberId: string): Promise<"removed" | "none"> {
  const member = await findMemberById(context.env.DB, memberId);
  if (!member?.photoKey) return "none";
  await removeMemberPhoto(context.env, memberId);
  context.logSecurityEvent({
    eventType: "member_photo_changed",
    severity: "low",
    description: "member photo removed by the concierge",
    userId: conciergeId,
    details: { memberId, removed: true },
  });
  return "removed";
}

export type RoleChangeOutcome = "changed" | "unchanged" | "not-found" | "own-concierge-role" | "tier-full";

/**
 * 'Staff role': member, door or concierge. A concierge cannot take their own concierge role away
 * (the club could lock itself out of its console). Staff take no place in a tier (tier-places.ts),
 * so an account returning to 'member' needs a free place in its tier. One batch: the role changes
 * only from the role read, while the concierge acting still is one (and, back to 'member', while
 * the tier has room), and every session of the account ends with it, so the new role applies at
 * its next request.
 */
export async function changeStaffRole(
  context: StaffContext,
  conciergeId: string,
  memberId: string,
  role: StaffRole,
): Promise<RoleChangeOutcome> {
  if (memberId === conciergeId && role !== "concierge") return "own-concierge-role";
  const database = getDatabase(context.env.DB);
  const member = await findMemberById(context.env.DB, memberId);
  if (!member) return "not-found";
  if (member.role === role) return "unchanged";
  const needsPlace = role === "member" && member.duesStatus !== "lapsed";
  const stillConcierge = exists(
    database
      .select({ id: sql`1` })
      .from(sql`members actor`)
      .where(sql`actor.id = ${conciergeId} and actor.role = 'concierge' and actor.status = 'active'`),
  );
  const [changed] = await database.batch([
    database
      .update(members)
      .set({ role })
      .where(
        and(
          eq(members.id, memberId),
          eq(members.role, member.role),
          ne(members.role, role),
          stillConcierge,
          needsPlace ? sql`${placesTaken(member.tier)} < ${tierCap(context.config, member.tier)}` : undefined,
        ),
      )
      .returning({ id: members.id }),
    // Only once the role is the new one: a refused change (a full tier, a concierge no longer one) ends nothing.
    ...endEverySessionStatements(database, memberId, Date.now(), eq(members.role, role)),
  ]);
  if (changed.length === 0) return needsPlace ? "tier-full" : "unchanged";
  context.logSecurityEvent({
    eventType: "member_role_changed",
    severity: "high",
    description: `staff role changed from ${member.role} to ${role} by the concierge`,
    userId: conciergeId,
    details: { memberId, from: member.role, to: role, sessionsEnded: true, cardsRevoked: true },
  });
  return "changed";
}

/** 'Add note': added with its author and time, never edited or removed; only for a member who exists. */
export async function addMemberNote(context: StaffContext, conciergeId: string, memberId: string, note: string): Promise<boolean> {
  const database = getDatabase(context.env.DB);
  const id = crypto.randomUUID();
  const [inserted] = await database.batch([
    database
      .insert(memberNotes)
      .select(
        database
          .select(insertSelectRow(memberNotes, { id, memberId, authorMemberId: conciergeId, note, createdAt: new Date().toISOString() }))
          .from(members)
          .where(eq(members.id, memberId)),
      )
      .returning({ id: memberNotes.id }),
  ]);
  if (inserted.length === 0) return false;
  context.logSecurityEvent({
    eventType: "member_note_added",
    severity: "low",
    description: "note added to a member's record by the concierge",
    userId: conciergeId,
    // The note's text stays in member_notes: the log says which note, not what it says.
    details: { memberId, noteId: id },
  });
  return true;
}
