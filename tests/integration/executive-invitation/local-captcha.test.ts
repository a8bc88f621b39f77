import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifyLocalCaptcha } from "#worker/features/executive-invitation/captcha/local-captcha.ts";

const check = (token: string) => ({ token, expectedAction: "executive_invitation", remoteIp: null });

describe("the local captcha stand-in", () => {
  it("accepts a fresh token for its action once", async () => {
    const token = `local-captcha:executive_invitation:${Date.now()}`;
    expect(await verifyLocalCaptcha("development", env.RATE_LIMITS, check(token))).toEqual({ success: true, score: 0.9 });
    expect(await verifyLocalCaptcha("development", env.RATE_LIMITS, check(token))).toMatchObject({
      success: false,
      error: "token was already used",
    });
  });

  it("refuses tokens for another action, expired tokens and anything else", async () => {
    expect(await verifyLocalCaptcha("development", env.RATE_LIMITS, check(`local-captcha:login:${Date.now()}`))).toMatchObject({
      success: false,
    });
    expect(
      await verifyLocalCaptcha("development", env.RATE_LIMITS, check(`local-captcha:executive_invitation:${Date.now() - 121_000}`)),
    ).toMatchObject({ success: false, error: "token has expired" });
    expect(await verifyLocalCaptcha("development", env.RATE_LIMITS, check("a-real-google-token"))).toMatchObject({ success: false });
  });

  it("refuses to run in production", async () => {
    await expect(
      verifyLocalCaptcha("production", env.RATE_LIMITS, check(`local-captcha:executive_invitation:${Date.now()}`)),
    ).rejects.toThrow(/never run in production/);
  });
});
