import { vi } from "vitest";

/** Settings that point the Worker at this fake (valid-looking SIDs, a fake host). */
export const TWILIO_TEST_SETTINGS = {
  TWILIO_ACCOUNT_SID: `AC${"a1".repeat(16)}`,
  TWILIO_AUTH_TOKEN: "test-twilio-auth-token",
  TWILIO_VERIFY_SERVICE_SID: `VA${"b2".repeat(16)}`,
  TWILIO_API_BASE: "https://verify.twilio.test/v2",
} as const;

/** The code the fake "sends" to every number. */
export const TWILIO_FAKE_CODE = "246810";

export interface TwilioCall {
  path: "Verifications" | "VerificationCheck";
  form: Record<string, string>;
  authorization: string | null;
}

type Script = (call: TwilioCall) => Response | Error | undefined;

/** An error body the way Twilio's REST API writes one. */
export function twilioError(status: number, code: number, message = "error"): Response {
  return Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status });
}

/**
 * A fake of Twilio Verify's two endpoints behind global fetch (the Worker runs in this isolate).
 * By default a send is accepted and a check approves TWILIO_FAKE_CODE while a verification is
 * pending, as Twilio does; `script` may answer any call differently (a Response, or an Error to
 * throw as a network failure). Returns the calls the Worker made.
 */
export function fakeTwilioVerify(script: Script = () => undefined) {
  const calls: TwilioCall[] = [];
  const pending = new Set<string>();
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const prefix = `${TWILIO_TEST_SETTINGS.TWILIO_API_BASE}/Services/${TWILIO_TEST_SETTINGS.TWILIO_VERIFY_SERVICE_SID}/`;
    if (!request.url.startsWith(prefix)) return realFetch(input, init);
    const call: TwilioCall = {
      path: request.url.slice(prefix.length) as TwilioCall["path"],
      form: Object.fromEntries(new URLSearchParams(await request.text())),
      authorization: request.headers.get("Authorization"),
    };
    calls.push(call);
    const scripted = script(call);
    if (scripted instanceof Error) throw scripted;
    if (scripted) return scripted;
    if (call.path === "Verifications") {
      pending.add(call.form.To!);
      return Response.json({ sid: `VE${"c3".repeat(16)}`, to: call.form.To, channel: "sms", status: "pending" }, { status: 201 });
    }
    if (!pending.has(call.form.To!)) return twilioError(404, 20404, "The requested resource was not found");
    const approved = call.form.Code === TWILIO_FAKE_CODE;
    if (approved) pending.delete(call.form.To!);
    return Response.json({ status: approved ? "approved" : "pending", valid: approved });
  });
  return calls;
}
