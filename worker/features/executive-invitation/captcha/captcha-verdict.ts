/** What a captcha check concludes; `score` is the provider's, never one sent by the browser. */
export type CaptchaVerdict = { success: true; score: number } | { success: false; error: string; score: number | null };

export interface CaptchaCheck {
  token: string;
  expectedAction: string;
  remoteIp: string | null;
}

/** Google's tokens live two minutes; the local stand-in's do too. */
export const CAPTCHA_TOKEN_LIFETIME_MS = 120_000;
