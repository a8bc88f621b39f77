/** Long enough for the slowest provider behind our API (the SMS provider); a hung request must not leave a form busy. */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * The browser's one way to POST JSON to our API. It rejects when the request itself fails
 * (offline, or no answer within the timeout); any answer, error statuses included, resolves.
 */
export function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}
