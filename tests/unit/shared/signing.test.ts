import { z } from "zod";
import { describe, expect, it } from "vitest";
import { hmacHex, readSignedPayload, signPayload, verifyHmacHex } from "#worker/shared/signing.ts";

describe("verifyHmacHex", () => {
  it("accepts the HMAC hmacHex made, for the same key and message only", async () => {
    const signature = await hmacHex("key-one", "sms-code:+15555550100:123456");
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyHmacHex("key-one", "sms-code:+15555550100:123456", signature)).toBe(true);
    expect(await verifyHmacHex("key-two", "sms-code:+15555550100:123456", signature)).toBe(false);
    expect(await verifyHmacHex("key-one", "sms-code:+15555550100:654321", signature)).toBe(false);
  });

  it("refuses a changed, shortened, upper-case or non-hex signature without throwing", async () => {
    const signature = await hmacHex("key-one", "message");
    const flipped = (signature[0] === "0" ? "1" : "0") + signature.slice(1);
    for (const candidate of [flipped, signature.slice(2), `${signature}00`, signature.toUpperCase(), "z".repeat(64), ""]) {
      expect(await verifyHmacHex("key-one", "message", candidate)).toBe(false);
    }
  });
});

describe("signed payloads", () => {
  const schema = z.object({ verifiedAt: z.number() });

  it("read back what was signed, for the purpose it was signed for", async () => {
    const token = await signPayload("key-one", "sms-verified", { verifiedAt: 42 });
    expect(await readSignedPayload("key-one", "sms-verified", token, schema)).toEqual({ verifiedAt: 42 });
    expect(await readSignedPayload("key-one", "captcha-pass", token, schema)).toBeNull();
    expect(await readSignedPayload("key-two", "sms-verified", token, schema)).toBeNull();
  });

  it("refuse a payload changed after signing, and tokens of the wrong shape", async () => {
    const token = await signPayload("key-one", "sms-verified", { verifiedAt: 42 });
    const [, signature] = token.split(".");
    const forged = `${btoa(JSON.stringify({ verifiedAt: 43 }))}.${signature}`;
    for (const candidate of [forged, `${token}.extra`, token.split(".")[0]!, "", "not base64!.00"]) {
      expect(await readSignedPayload("key-one", "sms-verified", candidate, schema)).toBeNull();
    }
  });
});
