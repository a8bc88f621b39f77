import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestContext, type RequestContext } from "#worker/http/request-context.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";

/** The sign-in code tests' common steps: a request context from one client address, and the code a member was emailed. */
export function codeContext(address: string = uniqueClientAddress()): { context: RequestContext; settle: () => Promise<void> } {
  const ctx = createExecutionContext();
  const request = new Request("http://example.com/auth", {
    method: "POST",
    headers: { "CF-Connecting-IP": address, "User-Agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0 Safari/537.36" },
  });
  return { context: createRequestContext(env, ctx, request), settle: () => waitOnExecutionContext(ctx) };
}

/** The newest outbox email to `email`, its code opened as the sender opens it. */
export async function emailedCode(email: string): Promise<string> {
  const row = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(email)
    .first<{ body: string }>();
  if (!row) throw new Error(`no email to ${email}`);
  const opened = await unsealSecrets(codeContext().context.signingKey, row.body, (secret) => secret);
  const code = /<strong>(\d{6})<\/strong>/.exec(opened)?.[1];
  if (!code) throw new Error("no code in the email");
  return code;
}

export async function outboxCount(email: string): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?").bind(email).first<{ n: number }>())!.n;
}

export async function sessionCount(memberId: string): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM member_sessions WHERE member_id = ?").bind(memberId).first<{ n: number }>())!.n;
}

/** A code that is not `code` (same length). */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}
