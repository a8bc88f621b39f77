import { env } from "cloudflare:workers";

/** Rows for the concierge and invitation-link tests, written straight to D1. */
let created = 0;

export async function clearAdmissionTables(): Promise<void> {
  await env.DB.batch(
    ["invitation_requests", "members", "member_invitations", "outbox", "security_events"].map((table) =>
      env.DB.prepare(`DELETE FROM ${table}`),
    ),
  );
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
  await env.DB.prepare(
    "INSERT INTO invitation_requests (id, name, email, company, invited_by, message, recaptcha_score, created_at) VALUES (?, ?, ?, ?, ?, ?, 0.9, ?)",
  )
    .bind(
      request.id,
      request.name,
      request.email,
      request.company,
      request.invitedBy,
      request.message,
      fields.createdAt ?? new Date(Date.now() + created).toISOString(),
    )
    .run();
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
  await env.DB.prepare("INSERT INTO members (id, email, name, tier, role, status, google_subject) VALUES (?, ?, ?, 'business', ?, ?, ?)")
    .bind(member.id, member.email, member.name, fields.role ?? "member", fields.status ?? "active", fields.googleSubject ?? null)
    .run();
  return member;
}

/** The invitation token in an email body's link. */
export function tokenInEmail(body: string): string {
  const match = /\/invitation\/([A-Za-z0-9_-]{43})"/.exec(body);
  if (!match) throw new Error("no invitation link in the email");
  return match[1]!;
}

export const countRows = async (table: string, where = "1") =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).first<{ n: number }>())!.n;
