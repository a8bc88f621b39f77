import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import worker from "./worker-under-test.ts";

/** Helpers shared by the SMS tests: the two endpoints, called the way the browser calls them. */
const origin = "http://example.com";

export interface SmsCall {
  clientAddress: string;
  /** Extra bindings, e.g. the Twilio settings; without them the Worker uses its test env. */
  bindings?: Record<string, string>;
}

async function post(path: string, body: unknown, call: SmsCall): Promise<Response> {
  const request = new Request(`${origin}${path}`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": call.clientAddress },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  if (!call.bindings) return exports.default.fetch(request);
  const context = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...call.bindings } as Env, context);
  await waitOnExecutionContext(context);
  return response;
}

export const sendSms = (phoneNumber: unknown, call: SmsCall) => post("/api/send-sms", { phoneNumber, type: "invitation" }, call);
export const sendSmsBody = (body: unknown, call: SmsCall) => post("/api/send-sms", body, call);
export const verifySms = (phoneNumber: unknown, code: unknown, call: SmsCall) => post("/api/verify-sms", { phoneNumber, code }, call);

export const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** The code the local stand-in wrote to the outbox for this number (the newest one). */
export async function codeFromOutbox(e164: string): Promise<string> {
  const row = await env.DB.prepare("SELECT body FROM outbox WHERE channel = 'sms' AND recipient = ? ORDER BY id DESC")
    .bind(e164)
    .first<{ body: string }>();
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${e164}`);
  return code;
}

export async function clearSmsTables(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM sms_opt_ins"),
    env.DB.prepare("DELETE FROM outbox"),
    env.DB.prepare("DELETE FROM strict_counters"),
    env.DB.prepare("DELETE FROM security_events"),
  ]);
}
