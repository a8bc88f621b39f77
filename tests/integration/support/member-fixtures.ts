import { env } from "cloudflare:workers";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import { startMemberSession, type SignInMethod } from "#worker/features/sign-in/member-session.ts";

/** Members for the sign-in tests, written straight to D1 (no member has a password: decision 008). */
export interface TestMember {
  id: string;
  email: string;
}

let created = 0;

export async function createTestMember(
  overrides: {
    status?: "invited" | "active" | "suspended";
    role?: "member" | "concierge";
    googleSubject?: string;
  } = {},
): Promise<TestMember> {
  created += 1;
  const id = crypto.randomUUID();
  const email = `member${created}.${id.slice(0, 8)}@example.com`;
  await getDatabase(env.DB)
    .insert(members)
    .values({
      id,
      email,
      name: `Test Member ${created}`,
      tier: "business",
      role: overrides.role ?? "member",
      status: overrides.status ?? "active",
      googleSubject: overrides.googleSubject ?? null,
    });
  return { id, email };
}

/**
 * A session for an active member, as a sign-in would start it; `cookie` is the Cookie header value
 * to send with requests, `token` the bare token.
 */
export async function signedInAs(
  member: { id: string },
  {
    method = "code",
    userAgent = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0 Safari/537.36",
    now = Date.now(),
  }: {
    method?: SignInMethod;
    userAgent?: string;
    now?: number;
  } = {},
): Promise<{ cookie: string; token: string; setCookie: string }> {
  const request = new Request("http://example.com/auth", { headers: { "User-Agent": userAgent } });
  const session = await startMemberSession(env, request, member.id, method, now);
  if (!session) throw new Error(`member ${member.id} is not active: no session`);
  return { cookie: session.setCookie.split(";")[0]!, token: session.token, setCookie: session.setCookie };
}
