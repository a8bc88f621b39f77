import type { RouterContextProvider } from "react-router";
import { requestContext } from "#app/context.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { readSmsVerifiedCookie } from "#worker/features/sms-invitation/sms-verified-cookie.ts";
import { findUnlinkedVerifiedOptIn } from "#worker/features/sms-invitation/sms-opt-ins.ts";

/** Whether this browser passed SMS verification: the signed cookie a correct code sets. */
export async function hasPassedSmsVerification({ request, config, signingKey }: RequestContext): Promise<boolean> {
  return (await readSmsVerifiedCookie(request, config.ENVIRONMENT, signingKey)) !== null;
}

/**
 * The verified number this browser may attach to an invitation request: its SMS-verified cookie
 * is valid and names an opt-in that is verified and has not yet become a request
 * (docs/product-rules.md#sms-invitation). Null otherwise, also for cookies set before they carried
 * the opt-in's id.
 */
export async function readVerifiedOptIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ optInId: number; phoneNumber: string } | null> {
  const { env, config, signingKey } = context.get(requestContext);
  const cookie = await readSmsVerifiedCookie(request, config.ENVIRONMENT, signingKey);
  return cookie?.optInId === undefined ? null : findUnlinkedVerifiedOptIn(env.DB, cookie.optInId);
}
