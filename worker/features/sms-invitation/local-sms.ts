import { z } from "zod";
import { hmacHex, verifyHmacHex } from "#worker/shared/signing.ts";
import { limitKey } from "#worker/shared/rate-limit.ts";
import { takeStrictCount } from "#worker/shared/strict-counter.ts";
import { CODE_LIFETIME_MS, type SmsProvider } from "./sms-provider.ts";

/**
 * LOCAL STAND-IN for Twilio Verify, so the SMS flow can be finished offline. It sends nothing:
 * the message waits in the outbox (channel sms) and is printed to the console. Codes come from
 * crypto.getRandomValues, are kept in KV only as a keyed hash for 10 minutes, are compared in
 * constant time and work once. It refuses to run in production.
 */
const storedCode = z.object({ id: z.string(), hash: z.string(), expiresAt: z.number() });

export function localSmsProvider(env: Pick<Env, "DB" | "RATE_LIMITS" | "ENVIRONMENT">, signingKey: string): SmsProvider {
  if (env.ENVIRONMENT === "production") throw new Error("The local SMS stand-in refuses to run in production: configure Twilio Verify");
  // Keyed by a hash of the number, like every limit in this namespace (docs/security.md#rate-limits).
  const kvKey = async (e164: string) => `sms-code:${await hmacHex(signingKey, `sms-code-key:${e164}`)}`;
  const codeMessage = (e164: string, code: string) => `sms-code:${e164}:${code}`;

  return {
    name: "local",
    async prepareCode(phone, now = Date.now()) {
      const code = randomSixDigitCode();
      const record = {
        id: crypto.randomUUID(),
        hash: await hmacHex(signingKey, codeMessage(phone.e164, code)),
        expiresAt: now + CODE_LIFETIME_MS,
      };
      // A new code replaces the previous one for this number.
      await env.RATE_LIMITS.put(await kvKey(phone.e164), JSON.stringify(record), { expirationTtl: CODE_LIFETIME_MS / 1000 });
      return {
        channel: "sms",
        recipient: phone.e164,
        subject: "Invitation code",
        body: `Ember & Oak Society: your invitation code is ${code}. It expires in 10 minutes.`,
      };
    },
    async send(message) {
      console.info(`[local SMS stand-in, nothing sent] to ${message.recipient}: ${message.body}`);
    },
    async checkCode(phone, code, now = Date.now()) {
      const record = storedCode.safeParse(await env.RATE_LIMITS.get(await kvKey(phone.e164), "json"));
      if (!record.success || record.data.expiresAt <= now) return "wrong";
      if (!(await verifyHmacHex(signingKey, codeMessage(phone.e164, code), record.data.hash))) return "wrong";
      // Single use, strictly: of concurrent checks with the right code, only the first claim wins.
      const claim = await takeStrictCount(env.DB, await limitKey(signingKey, "sms-code-used", record.data.id), 1, CODE_LIFETIME_MS, now);
      if (!claim.allowed) return "wrong";
      await env.RATE_LIMITS.delete(await kvKey(phone.e164));
      return "approved";
    },
  };
}

/** Uniform over 000000–999999: values from the biased tail of 2^32 are drawn again. */
export function randomSixDigitCode(): string {
  const limit = 4_294_000_000; // the largest multiple of 1,000,000 below 2^32
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value! < limit) return String(value! % 1_000_000).padStart(6, "0");
  }
}
