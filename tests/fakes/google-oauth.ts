import { vi } from "vitest";

/** Google's token endpoint, as arctic calls it. */
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An ID token shaped like Google's (the Worker reads its claims; it came straight from Google over TLS). */
export function googleIdToken(claims: { sub: string; email?: string; email_verified?: boolean }): string {
  const now = Math.floor(Date.now() / 1000);
  return [
    base64url({ alg: "RS256", kid: "test", typ: "JWT" }),
    base64url({ iss: "https://accounts.google.com", aud: "client", iat: now, exp: now + 3600, ...claims }),
    "signature",
  ].join(".");
}

/**
 * A fake of Google's token endpoint behind global fetch: answers the code exchange with `answer`
 * (an ID token's claims, a Response, or an Error as a network failure) and records the forms.
 */
export function fakeGoogleTokenEndpoint(answer: Parameters<typeof googleIdToken>[0] | Response | Error) {
  const exchanges: Record<string, string>[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== GOOGLE_TOKEN_URL) return realFetch(input, init);
    exchanges.push(Object.fromEntries(new URLSearchParams(await request.text())));
    if (answer instanceof Error) throw answer;
    if (answer instanceof Response) return answer.clone();
    return Response.json({
      access_token: "ya29.test",
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid email",
      id_token: googleIdToken(answer),
    });
  });
  return exchanges;
}
