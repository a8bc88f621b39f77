import { WebAuthnAbortService, WebAuthnError, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { postJson } from "#app/lib/post-json.ts";
import { PASSKEY_NOT_ADDED, PASSKEY_REFUSED } from "./sign-in-messages.ts";

/**
 * The browser side of passkeys (docs/product-rules.md#sign-in): asks /api/passkeys for options,
 * lets the browser and the member's device do the ceremony, and sends the answer back. The
 * components load this module with import() only once the page is interactive, so neither it nor
 * the WebAuthn library is part of any page's first-load JavaScript.
 */
export type NotDone =
  | { kind: "refused"; message: string }
  /** No passkey request could start (options refused or unreachable): nothing was asked of the member. */
  | { kind: "unavailable"; message: string }
  /** The member closed the browser's dialog, or another passkey request replaced this one: say nothing. */
  | { kind: "cancelled" };

export const ALREADY_ON_THIS_DEVICE = "This device already holds a passkey for your membership.";

/**
 * Signs in with a passkey: from the browser's own dialog (the button) or, with `autofill`, from
 * the email field's suggestions (conditional mediation), which waits until the member picks one.
 */
export async function signInWithPasskey(
  redirectTo: string,
  autofill: boolean,
): Promise<{ kind: "signed-in"; redirectTo: string } | NotDone> {
  return refusedWhenUnreachable(PASSKEY_REFUSED, async () => {
    const options = await postJson("/api/passkeys/sign-in/options", {});
    if (!options.ok) return { kind: "unavailable", message: await errorIn(options, PASSKEY_REFUSED) };
    let response: Awaited<ReturnType<typeof startAuthentication>>;
    try {
      response = await startAuthentication({ optionsJSON: await options.json(), useBrowserAutofill: autofill });
    } catch {
      return { kind: "cancelled" };
    }
    const answer = await postJson("/api/passkeys/sign-in", { response, redirectTo: redirectTo || undefined });
    const body = await jsonOf(answer);
    if (answer.ok && typeof body.redirectTo === "string") return { kind: "signed-in", redirectTo: body.redirectTo };
    return { kind: "refused", message: typeof body.error === "string" ? body.error : PASSKEY_REFUSED };
  });
}

/** Adds a passkey on this device for the signed-in member; the outcome names it ("Chrome on macOS"). */
export async function addPasskey(): Promise<{ kind: "added"; name: string } | NotDone> {
  return refusedWhenUnreachable(PASSKEY_NOT_ADDED, async () => {
    const options = await postJson("/api/passkeys/registration/options", {});
    if (!options.ok) return { kind: "unavailable", message: await errorIn(options, PASSKEY_NOT_ADDED) };
    let response: Awaited<ReturnType<typeof startRegistration>>;
    try {
      response = await startRegistration({ optionsJSON: await options.json() });
    } catch (error) {
      if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
        return { kind: "refused", message: ALREADY_ON_THIS_DEVICE };
      }
      return { kind: "cancelled" };
    }
    const answer = await postJson("/api/passkeys/registration", { response });
    const body = await jsonOf(answer);
    const passkey = body.passkey as { name?: unknown } | undefined;
    if (answer.ok && typeof passkey?.name === "string") return { kind: "added", name: passkey.name };
    return { kind: "refused", message: typeof body.error === "string" ? body.error : PASSKEY_NOT_ADDED };
  });
}

/** Ends a passkey request still waiting (the email field's suggestions) when its form goes away. */
export function cancelPasskeyRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}

/** Offline, or no answer in time: the same refusal, so the member tries again or signs in another way. */
async function refusedWhenUnreachable<Done>(message: string, attempt: () => Promise<Done | NotDone>): Promise<Done | NotDone> {
  try {
    return await attempt();
  } catch (error) {
    console.warn("passkey: the request failed", error);
    return { kind: "unavailable", message };
  }
}

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  const body: unknown = await response.json().catch(() => null);
  return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
}

/** The API's own words for a refusal (a limit, a missing session); a server failure reads as the fallback. */
async function errorIn(response: Response, fallback: string): Promise<string> {
  if (response.status >= 500) return fallback;
  const { error } = await jsonOf(response);
  return typeof error === "string" ? error : fallback;
}
