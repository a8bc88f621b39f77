import { signingKey, workerConfig } from "../../worker/config";
import { hasSmsVerifiedCookie } from "../../worker/services/sms/sms-verified-cookie";

/** Whether this browser passed SMS verification: the signed cookie /api/verify-sms sets. */
export function hasPassedSmsVerification(request: Request, env: Env): Promise<boolean> {
  const config = workerConfig(env);
  return hasSmsVerifiedCookie(request, config.ENVIRONMENT, signingKey(config));
}
