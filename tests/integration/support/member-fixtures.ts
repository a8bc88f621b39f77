import { env } from "cloudflare:workers";
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
  await env.DB.prepare(
    "INSERT INTO members (id, email, name, tier, role, status, password_hash, google_subject) VALUES (?, ?, ?, 'business', ?, ?, ?, ?)",
  )
    .bind(
      id,
      email,
      `Test Member ${created}`,
      overrides.role ?? "member",
      overrides.status ?? "active",
      passwordHash,
      overrides.googleSubject ?? null,
    )
    .run();
  return { id, email, password };
}
