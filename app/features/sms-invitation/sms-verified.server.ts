import { signingKey, workerConfig } from "#worker/config.ts";
import { hasSmsVerifiedCookie } from "#worker/features/sms-invitation/sms-verified-cookie.ts";

/** Whether this browser passed SMS verification: the signed cookie /api/verify-sms sets. */
export function hasPassedSmsVerification(request: Request, env: Env): Promise<boolean> {
  const config = workerConfig(env);
  return hasSmsVerifiedCookie(request, config.ENVIRONMENT, signingKey(config));
}
