import { env } from "cloudflare:workers";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import { hashPassword } from "#worker/features/sign-in/password.ts";

/**
 * Members for the sign-in tests, written straight to D1. Passwords are hashed with few PBKDF2
 * iterations to keep the suite fast; the stored format says how many, so verification is real.
 */
export interface TestMember {
  id: string;
  email: string;
  password: string;
}

let created = 0;

export async function createTestMember(
  overrides: {
    status?: "invited" | "active" | "suspended";
    role?: "member" | "concierge";
    password?: string | null;
    googleSubject?: string;
  } = {},
): Promise<TestMember> {
  created += 1;
  const id = crypto.randomUUID();
  const email = `member${created}.${id.slice(0, 8)}@example.com`;
  const password = overrides.password ?? "correct horse battery staple";
  const passwordHash = overrides.password === null ? null : await hashPassword(password, 100_000);
  await getDatabase(env.DB)
    .insert(members)
    .values({
      id,
      email,
      name: `Test Member ${created}`,
      tier: "business",
      role: overrides.role ?? "member",
      status: overrides.status ?? "active",
      passwordHash,
      googleSubject: overrides.googleSubject ?? null,
    });
  return { id, email, password };
}
