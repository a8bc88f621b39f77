import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestContext, type RequestContext } from "#worker/http/request-context.ts";
import { checkSignInCode, requestSignInCode, type CodeCheckResult, type CodeRequestResult } from "#worker/features/sign-in/email-codes.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";

/**
 * One browser as the code services see it: the Cookie header it sends (a code is bound to the
 * browser that asked for it: docs/security.md#emailed-codes). A code request fills it in.
 */
export interface CodeBrowser {
  cookie: string | null;
}

export function newBrowser(): CodeBrowser {
  return { cookie: null };
}

/**
 * The sign-in code tests' common steps: a request context from one client address (carrying the
 * browser's cookie, if any), and the code a member was emailed.
 */
export function codeContext(
  address: string = uniqueClientAddress(),
  browser: CodeBrowser = newBrowser(),
): { context: RequestContext; settle: () => Promise<void> } {
  const ctx = createExecutionContext();
  const request = new Request("http://example.com/auth", {
    method: "POST",
    headers: {
      "CF-Connecting-IP": address,
      "User-Agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0 Safari/537.36",
      ...(browser.cookie ? { Cookie: browser.cookie } : {}),
    },
  });
  return { context: createRequestContext(env, ctx, request), settle: () => waitOnExecutionContext(ctx) };
}

/** Asks for a code from `browser`, which keeps the cookie the answer sets; the answer without that header. */
export async function askForCode(
  browser: CodeBrowser,
  email: string,
  { address, captchaToken, now }: { address?: string; captchaToken?: string; now?: number } = {},
): Promise<{ status: CodeRequestResult["status"]; retryAfterSeconds?: number }> {
  const { context, settle } = codeContext(address, browser);
  const result = await requestSignInCode(context, { email, captchaToken }, now);
  await settle();
  if (result.status !== "sent") return result;
  browser.cookie = result.setCookie.split(";")[0]!;
  return { status: result.status };
}

/** Checks a code from `browser` (its cookie sent, as a browser sends it). */
export async function checkCode(
  browser: CodeBrowser,
  email: string,
  code: string,
  { address, now }: { address?: string; now?: number } = {},
): Promise<CodeCheckResult> {
  const { context, settle } = codeContext(address, browser);
  const result = await checkSignInCode(context, { email, code }, now);
  await settle();
  return result;
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
