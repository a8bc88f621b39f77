import { env } from "cloudflare:workers";
import { getDatabase } from "#db/client.ts";
import {
  applicationEvents,
  invitationRequests,
  memberInvitations,
  members,
  outbox,
  securityEvents,
  sitDownBookings,
  sitDownSlots,
} from "#db/schema.ts";
import { signingKey, workerConfig } from "#worker/config.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";

/** Rows for the concierge and invitation-link tests, written straight to D1. */
let created = 0;

export async function clearAdmissionTables(): Promise<void> {
  const database = getDatabase(env.DB);
  await database.batch([
    database.delete(invitationRequests),
    database.delete(members),
    database.delete(memberInvitations),
    database.delete(outbox),
    database.delete(securityEvents),
  ]);
}

/** clearAdmissionTables, and the applications' histories and sit-downs (the admissions tests' start). */
export async function clearApplicationTables(): Promise<void> {
  await clearAdmissionTables();
  const database = getDatabase(env.DB);
  await database.batch([database.delete(sitDownBookings), database.delete(sitDownSlots), database.delete(applicationEvents)]);
}

export async function insertInvitationRequest(
  fields: Partial<Record<"name" | "email" | "company" | "invitedBy" | "message", string>> & { createdAt?: string } = {},
) {
  created += 1;
  const request = {
    id: crypto.randomUUID(),
    name: fields.name ?? `Avery Hale ${created}`,
    email: fields.email ?? `avery${created}@example.com`,
    company: fields.company ?? "Hale Timber Co",
    invitedBy: fields.invitedBy ?? "Jordan Reyes",
    message: fields.message ?? "Jordan suggested I ask for a sit-down this winter.",
  };
  await getDatabase(env.DB)
    .insert(invitationRequests)
    .values({ ...request, recaptchaScore: 0.9, createdAt: fields.createdAt ?? new Date(Date.now() + created).toISOString() });
  return request;
}

export async function insertMember(
  fields: {
    email?: string;
    name?: string;
    role?: "member" | "concierge";
    status?: "invited" | "active" | "suspended";
    googleSubject?: string;
  } = {},
) {
  created += 1;
  const member = {
    id: crypto.randomUUID(),
    email: fields.email ?? `member${created}@example.com`,
    name: fields.name ?? `Member ${created}`,
  };
  await getDatabase(env.DB)
    .insert(members)
    .values({
      ...member,
      tier: "business",
      role: fields.role ?? "member",
      status: fields.status ?? "active",
      googleSubject: fields.googleSubject ?? null,
    });
  return member;
}

/** The invitation token in an email body's link. */
/** The key the Worker under test seals and signs with (vitest.config.ts). */
export const testSigningKey = () => signingKey(workerConfig(env));

/** The invitation token in a stored email: opened as the sender opens it, then read from the link's `#`. */
export async function tokenInEmail(storedBody: string): Promise<string> {
  const body = await unsealSecrets(testSigningKey(), storedBody, escapeMarkup);
  const match = /\/invitation#([A-Za-z0-9_-]{43})"/.exec(body);
  if (!match) throw new Error("no invitation link in the email");
  return match[1]!;
}

export const countRows = async (table: string, where = "1") =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).first<{ n: number }>())!.n;
