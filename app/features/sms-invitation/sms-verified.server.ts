import type { RequestContext } from "#worker/http/request-context.ts";
import { hasSmsVerifiedCookie } from "#worker/features/sms-invitation/sms-verified-cookie.ts";

/** Whether this browser passed SMS verification: the signed cookie /api/verify-sms sets. */
export function hasPassedSmsVerification({ request, config, signingKey }: RequestContext): Promise<boolean> {
  return hasSmsVerifiedCookie(request, config.ENVIRONMENT, signingKey);
}
