import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppBindings } from "./app-bindings.ts";
import type { RateLimitDecision } from "#worker/shared/rate-limit.ts";
import { MAX_PHOTO_BYTES } from "#worker/features/card/member-photos.ts";

/**
 * How an endpoint words a refusal: each keeps its own answer shape (docs/product-rules.md#operations) ({error} for most,
 * {success, error} for send-sms, {success, message} for verify-sms), and the guards keep to it.
 */
export type RefusalBody = (text: string) => Record<string, unknown>;
const errorBody: RefusalBody = (text) => ({ error: text });

/** Refuses a body over `maxBytes` with a 413 before anything reads it (hono counts streamed bodies too). */
export function limitBody(maxBytes: number, refusal: RefusalBody = errorBody) {
  return bodyLimit({ maxSize: maxBytes, onError: (c) => c.json(refusal("Request too large"), 413) });
}

/**
 * The largest body a page form may send, 64 KiB (docs/security.md#requests says why): the largest
 * legitimate page form, sign-in at its fields' maximum lengths with every character four UTF-8
 * bytes urlencoded, is about 39 KB.
 */
const PAGE_FORM_MAX_BYTES = 64 * 1024;

const pageFormLimit = bodyLimit({
  maxSize: PAGE_FORM_MAX_BYTES,
  onError: (c) => c.text("This form is too large to send (the limit is 64 KB).", 413),
});

/**
 * The console's photo upload (`/concierge/members/:id/photo`, and its `.data` when React Router
 * posts it) is the one page form that carries a file: a photo of up to MAX_PHOTO_BYTES and the
 * multipart framing around it. The route checks the photo's own size and first bytes.
 */
const PHOTO_UPLOAD_PATH = /^\/concierge\/members\/[^/]+\/photo(\.data)?$/;
const PHOTO_FORM_MAX_BYTES = MAX_PHOTO_BYTES + PAGE_FORM_MAX_BYTES;
const photoFormLimit = bodyLimit({
  maxSize: PHOTO_FORM_MAX_BYTES,
  onError: (c) => c.text("This photo is too large to send (the limit is 2 MB).", 413),
});

/**
 * Refuses a page form over PAGE_FORM_MAX_BYTES (the photo upload alone: PHOTO_FORM_MAX_BYTES) with
 * a plain-text 413 before any action parses it.
 */
export const limitPageFormBody = createMiddleware<AppBindings>((c, next) =>
  PHOTO_UPLOAD_PATH.test(c.req.path) ? photoFormLimit(c, next) : pageFormLimit(c, next),
);

/** JSON endpoints accept only JSON (docs/security.md#requests): anything else is a 415. */
export function requireJson(refusal: RefusalBody = errorBody) {
  return createMiddleware<AppBindings>(async (c, next) => {
    if (!c.req.header("Content-Type")?.toLowerCase().startsWith("application/json")) {
      return c.json(refusal("Send this request as application/json"), 415);
    }
    return next();
  });
}

/** Reads a JSON body as unknown; a body that is not JSON reads as null (and fails validation). */
export async function readJsonBody(c: Context<AppBindings>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}

/** The 429 with the rate limiter's message (docs/security.md#rate-limits), with Retry-After. */
export function tooManySubmissions(c: Context<AppBindings>, decision: Pick<RateLimitDecision, "retryAfterSeconds">) {
  c.header("Retry-After", String(decision.retryAfterSeconds));
  return c.json({ error: "Too many submissions. Please try again later." }, 429);
}
