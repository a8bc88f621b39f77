import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { expect, inject, vi } from "vitest";
import { requestContext, memberContext } from "#app/context.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";

/**
 * Generators and helpers of the fuzz suite: hostile request bodies for every API
 * endpoint and every form action, and the checks every answer must pass. Each property runs
 * NUM_RUNS bodies; on a failure fast-check prints the seed and path, so
 * `fc.assert(property, { ...fuzzParameters, seed, path })` replays the counterexample.
 */
export const NUM_RUNS = inject("fuzzRuns");
export const fuzzParameters = { numRuns: NUM_RUNS } as const;

declare module "vitest" {
  export interface ProvidedContext {
    /** FUZZ_RUNS, or its default (vitest.config.ts). */
    fuzzRuns: number;
  }
}

/** The timeout of each property's test: 240 s per 1,000 requests, each with D1 and KV work (and sign-in's hashing). */
export const FUZZ_TIMEOUT_MS = 240_000 * Math.max(1, NUM_RUNS / 1000);

// ---------------------------------------------------------------------------------------------
// Strings

/** Strings that have broken parsers, validators, databases and redirects before. */
export const nastyStrings: readonly string[] = [
  "",
  " ",
  "\t\r\n",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x10",
  "true",
  "[]",
  "{}",
  "\u0000",
  "a\u0000b",
  "Avery\r\nBcc: everyone@example.com",
  "%00",
  "%",
  "%ZZ",
  "%E0%A4%A",
  "+",
  "&=&=",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE members; --',
  "${7*7}{{7*7}}",
  "../../etc/passwd",
  "//evil.example/",
  "/\\evil.example",
  "/%2F/evil.example",
  "/%09/evil.example",
  "/.//evil.example",
  "http:evil.example",
  "https://evil.example/members",
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "\u202Egnp.exe",
  "\uFEFF",
  "\u200B\u200D",
  "🚬🔥",
  "👨‍👩‍👧‍👦",
  "Ｓｉｏｂｈáｎ Ｏ'Ｎｅｉｌｌ",
  "ß",
  "İı",
  "ﷺ",
  "\uD800",
  "a\uDFFFb",
  "\u0301",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗",
  "٣٣٣٣٣٣",
  "２０２６-１１",
  "5035550142",
  "+15035550142",
  "(503) 555-0142",
  "123456",
  "000000",
  " 123456 ",
  "avery@example.com",
  "a@b.c",
  "2026-11",
  "invitation",
  "captcha_unavailable",
];

/**
 * A string's length as the schemas' `.min()` and `.max()` measure it: zod (4.6) counts
 * characters (code points), not UTF-16 units, so 2,000 emoji fit a 2,000-character limit. Every
 * model of a length limit below counts with this.
 */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

/** Any UTF-16 code unit, lone surrogate halves included (fc.string's units never produce them). */
const utf16Unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Long strings: past every field limit and most body limits, built cheaply by repetition. */
export const hugeString = fc
  .tuple(fc.constantFrom("a", "é", "🚬", "<", "\u0000", " ", "1", "%", "\uD800"), fc.integer({ min: 257, max: 70_000 }))
  .map(([unit, times]) => unit.repeat(times));

/** Hostile strings: random, full unicode, lone surrogates, known troublemakers and huge ones. */
export const fuzzString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: "binary" }) },
  { weight: 2, arbitrary: fc.string({ unit: utf16Unit, maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 1, arbitrary: hugeString },
);

/** A field name: the expected ones, prototype keys, or anything. */
export function fieldName(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "toString", "valueOf") },
    { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constantFrom(...known).map((name) => name.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...known).map((name) => ` ${name}`) },
  );
}

// ---------------------------------------------------------------------------------------------
// JSON bodies (the API)

/** Values of the wrong type for any field. */
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constant({ __proto__: null, toString: "x" }),
  fuzzString,
);

/**
 * An object with any subset of the expected fields (each either a plausible value or one of the
 * wrong type) plus extra keys, `__proto__` and `constructor` among them.
 */
export function objectWithFields(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.keys(fields);
  const record = fc.record(
    Object.fromEntries(
      Object.entries(fields).map(([name, plausible]) => [
        name,
        fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 1, arbitrary: wrongTypeValue }),
      ]),
    ),
    { requiredKeys: [] },
  );
  const extras = fc.array(fc.tuple(fieldName(known), wrongTypeValue), { maxLength: 3 });
  return fc.tuple(record, extras, fc.boolean()).map(([base, extra, extrasFirst]) => {
    const object: Record<string, unknown> = {};
    const assign = (entries: [string, unknown][]) => {
      // defineProperty, so a `__proto__` key becomes an own property as JSON.parse would make it.
      for (const [name, value] of entries)
        Object.defineProperty(object, name, { value, enumerable: true, configurable: true, writable: true });
    };
    if (extrasFirst) assign(extra);
    assign(Object.entries(base));
    if (!extrasFirst) assign(extra);
    return object;
  });
}

/** How a JSON body was made, so properties can state what each kind must get. */
export type JsonBodyKind = "object" | "valid" | "json-value" | "malformed" | "smuggled" | "oversized";

export interface RawBody {
  kind: JsonBodyKind | FormBodyKind;
  contentType: string | null;
  body: string | Uint8Array;
  /** Sent as a stream without Content-Length (a chunked upload). */
  chunked: boolean;
}

/** Content types that are not JSON, and a few that almost are. */
export const notJsonContentType = fc.constantFrom(
  null,
  "",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/xml",
  "application/javascript",
  "json",
  "application/x-json",
  " application/json",
  "text/json",
);

/** JSON content types as browsers and scripts spell them. */
export const jsonContentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "Application/JSON",
  "APPLICATION/JSON;charset=UTF-8",
  "application/json-seq",
);

/** Text that is not JSON, or only almost. */
const malformedJson = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "{",
    "}",
    "[",
    '{"a":}',
    '{"a" 1}',
    "{'a':1}",
    '{"a":1,}',
    "[1,]",
    "NaN",
    "undefined",
    "\uFEFF{}",
    '{"a":"\\u12"}',
    '{"a":"\\uD800"}',
    "nul",
    "tru",
    '"',
    "0x10",
    "1e999999",
  ),
  fc.string(),
  fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1)),
  fc.integer({ min: 1, max: 3000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
  fc.integer({ min: 1, max: 2000 }).map((depth) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth)),
);

/** Random bytes: invalid UTF-8, NULs, BOMs. */
export const randomBytes = fc.uint8Array({ maxLength: 512 });

/**
 * A JSON body for an endpoint whose fields are `fields`: plausible objects, valid ones (from
 * `valid`), top-level JSON of every type, malformed text, fields smuggled under `__proto__` or
 * `constructor`, and bodies past `bodyLimit` bytes; mostly with a JSON content type, sometimes not.
 */
export function jsonBody(
  fields: Record<string, fc.Arbitrary<unknown>>,
  valid: fc.Arbitrary<Record<string, unknown>>,
  bodyLimit: number,
): fc.Arbitrary<RawBody> {
  const text = fc.oneof(
    { weight: 6, arbitrary: objectWithFields(fields).map((object) => ({ kind: "object" as const, body: JSON.stringify(object) })) },
    { weight: 4, arbitrary: valid.map((object) => ({ kind: "valid" as const, body: JSON.stringify(object) })) },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => ({ kind: "json-value" as const, body: JSON.stringify(value) })) },
    { weight: 1, arbitrary: malformedJson.map((body) => ({ kind: "malformed" as const, body })) },
    { weight: 1, arbitrary: randomBytes.map((body) => ({ kind: "malformed" as const, body })) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom("__proto__", "constructor", "prototype")).map(([object, key]) => ({
        kind: "smuggled" as const,
        body: key === "constructor" ? JSON.stringify({ constructor: { prototype: object } }) : `{"${key}": ${JSON.stringify(object)}}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.integer({ min: 1, max: 4 * bodyLimit })).map(([object, extra]) => ({
        kind: "oversized" as const,
        body: JSON.stringify({ ...object, padding: "x".repeat(bodyLimit + extra) }),
      })),
    },
  );
  const contentType = fc.oneof({ weight: 5, arbitrary: jsonContentType }, { weight: 1, arbitrary: notJsonContentType });
  return fc
    .record({ text, contentType, chunked: fc.boolean() })
    .map(({ text: { kind, body }, contentType, chunked }) => ({ kind, body, contentType, chunked }));
}

/** True when the API's requireJson lets the content type through. */
export function isJsonContentType(contentType: string | null): boolean {
  // Header values lose their surrounding whitespace on the way (the Fetch standard).
  return contentType?.trim().toLowerCase().startsWith("application/json") ?? false;
}

export function byteLength(raw: RawBody): number {
  return typeof raw.body === "string" ? new TextEncoder().encode(raw.body).byteLength : raw.body.byteLength;
}

/**
 * The request for a raw body: always bytes (a string body would add its own text/plain type),
 * as one buffer (the runtime sends a Content-Length) or a stream of chunks (it sends none).
 */
export function rawRequest(url: string, raw: RawBody, headers: Record<string, string> = {}): Request {
  const requestHeaders = new Headers(headers);
  if (raw.contentType !== null) requestHeaders.set("Content-Type", raw.contentType);
  const bytes: Uint8Array<ArrayBuffer> = typeof raw.body === "string" ? new TextEncoder().encode(raw.body) : new Uint8Array(raw.body);
  const body = raw.chunked ? chunkedStream(bytes) : bytes;
  return new Request(url, { method: "POST", headers: requestHeaders, body });
}

function chunkedStream(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  const middle = Math.floor(bytes.byteLength / 2);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice(0, middle));
      controller.enqueue(bytes.slice(middle));
      controller.close();
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Form bodies (the age gate and the React Router actions)

export type FormBodyKind = "urlencoded" | "multipart" | "raw-urlencoded" | "wrong-content-type";

/** One form field: a text value, or a file where a text value belongs. */
export type FormValue = string | { file: string; name: string };

export interface FormSubmission {
  kind: FormBodyKind;
  /** The fields, in order, duplicates allowed (urlencoded and multipart). */
  pairs: [string, FormValue][];
  /** The body and its type, for raw and wrong-content-type submissions. */
  raw?: RawBody;
}

/**
 * Form fields for a form whose plausible values are `fields`: any subset, in any order, with
 * duplicates and extra names (`__proto__` included), each value plausible or hostile.
 */
export function formPairs(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<[string, string][]> {
  const known = Object.keys(fields);
  const record = fc.record(
    Object.fromEntries(
      Object.entries(fields).map(([name, plausible]) => [
        name,
        fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: fuzzString }),
      ]),
    ),
    { requiredKeys: [] },
  );
  const extras = fc.array(fc.tuple(fieldName(known), fuzzString), { maxLength: 3 });
  return fc.tuple(record, extras, fc.boolean()).map(([base, extra, extrasFirst]) => {
    const pairs = Object.entries(base) as [string, string][];
    return extrasFirst ? [...extra, ...pairs] : [...pairs, ...extra];
  });
}

/** Content types a form action may be sent that are not form encodings FormData can read. */
const notFormContentType = fc.constantFrom(
  null,
  "text/plain",
  "application/json",
  "application/xml",
  "multipart/form-data",
  "multipart/form-data; boundary=fuzz",
  "application/x-www-form-urlencoded; charset=latin1",
  "application/octet-stream",
);

const urlencodedContentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded;charset=UTF-8",
  "APPLICATION/X-WWW-FORM-URLENCODED",
);

/**
 * A form submission: the fields urlencoded (as browsers send them) or as multipart (sometimes
 * with a file where text belongs), a raw urlencoded body that is not well formed, or a body of
 * another content type (JSON of the same fields, text, bytes, multipart without a valid body).
 * `valid` gives whole forms that should pass, so the success path runs often too.
 */
export function formBody(
  fields: Record<string, fc.Arbitrary<string>>,
  valid?: fc.Arbitrary<[string, string][]>,
): fc.Arbitrary<FormSubmission> {
  const pairs = valid ? fc.oneof({ weight: 2, arbitrary: formPairs(fields) }, { weight: 1, arbitrary: valid }) : formPairs(fields);
  const withFiles = fc
    .tuple(pairs, fc.array(fc.tuple(fieldName(Object.keys(fields)), fc.string({ maxLength: 64 })), { maxLength: 2 }))
    .map(([fieldPairs, files]) => [
      ...fieldPairs,
      ...files.map(([name, content]): [string, FormValue] => [name, { file: content, name: "fuzz.txt" }]),
    ]);
  return fc.oneof(
    { weight: 8, arbitrary: pairs.map((fieldPairs): FormSubmission => ({ kind: "urlencoded", pairs: fieldPairs })) },
    { weight: 3, arbitrary: withFiles.map((fieldPairs): FormSubmission => ({ kind: "multipart", pairs: fieldPairs })) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          body: fc.oneof(
            fuzzString,
            randomBytes,
            // Well-formed fields with broken percent-escapes.
            pairs.map((fieldPairs) => new URLSearchParams(fieldPairs).toString().replaceAll("%", "%%")),
          ),
          contentType: urlencodedContentType,
          chunked: fc.boolean(),
        })
        .map((raw): FormSubmission => ({ kind: "raw-urlencoded", pairs: [], raw: { kind: "raw-urlencoded", ...raw } })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          body: fc.oneof(
            pairs.map((fieldPairs) => JSON.stringify(Object.fromEntries(fieldPairs))),
            pairs.map((fieldPairs) => new URLSearchParams(fieldPairs).toString()),
            fuzzString,
            randomBytes,
          ),
          contentType: notFormContentType,
          chunked: fc.boolean(),
        })
        .map((raw): FormSubmission => ({ kind: "wrong-content-type", pairs: [], raw: { kind: "wrong-content-type", ...raw } })),
    },
  );
}

/** The request a browser (or a script) would send for the submission. */
export function formRequest(url: string, submission: FormSubmission, headers: Record<string, string> = {}): Request {
  if (submission.raw) return rawRequest(url, submission.raw, headers);
  if (submission.kind === "multipart") {
    const boundary = `----fuzz${crypto.randomUUID()}`;
    return rawRequest(
      url,
      {
        kind: "multipart",
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: multipartBody(submission.pairs, boundary),
        chunked: false,
      },
      headers,
    );
  }
  const text = new URLSearchParams(
    submission.pairs.map(([name, value]) => [name, typeof value === "string" ? value : value.file]),
  ).toString();
  return rawRequest(url, { kind: "urlencoded", contentType: "application/x-www-form-urlencoded", body: text, chunked: false }, headers);
}

/**
 * multipart/form-data as browsers encode it (HTML's "multipart/form-data encoding algorithm":
 * only CR, LF and `"` are escaped in names). Built by hand because workerd's own FormData
 * serialiser refuses some names a browser sends: an empty name (`formData.append("", …)` in a
 * script) or one ending in a backslash. Those stay in on purpose: a server must answer them too.
 */
export function multipartBody(pairs: [string, FormValue][], boundary: string): string {
  const escapeName = (name: string) => name.replaceAll("\r", "%0D").replaceAll("\n", "%0A").replaceAll('"', "%22");
  const parts = pairs.map(([name, value]) =>
    typeof value === "string"
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n${value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"; filename="${escapeName(value.name)}"\r\nContent-Type: text/plain\r\n\r\n${value.file}\r\n`,
  );
  return `${parts.join("")}--${boundary}--\r\n`;
}

/** The text fields of a submission as a server reading it would see them (last value wins). */
export function submittedFields(submission: FormSubmission): Map<string, string> | null {
  if (submission.raw) return null;
  const fields = new Map<string, string>();
  for (const [name, value] of submission.pairs) if (typeof value === "string") fields.set(name, value);
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Answers

/** The JSON of an error answer, which must name the problem in a non-empty string. */
export async function expectClearJsonError(response: Response, key: "error" | "message" = "error"): Promise<Record<string, unknown>> {
  expect(response.headers.get("Content-Type") ?? "").toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(typeof body[key]).toBe("string");
  expect((body[key] as string).length).toBeGreaterThan(0);
  return body;
}

/** What a React Router action answered: data() with its status, a plain value, or a Response (returned or thrown). */
export interface ActionAnswer {
  status: number;
  data?: unknown;
  headers: Headers;
  thrown: boolean;
}

/**
 * Runs an action as React Router would and normalises its answer. A thrown Response (redirect,
 * data error) is an answer; any other thrown value is rethrown: React Router would answer it with
 * a 500, so it fails the property.
 */
export async function answerOf(run: () => Promise<unknown>): Promise<ActionAnswer> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, headers: result.headers, thrown: false };
    if (isDataWithResponseInit(result))
      return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers), thrown: false };
    return { status: 200, data: result, headers: new Headers(), thrown: false };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, headers: thrown.headers, thrown: true };
    throw new Error(`the action threw instead of answering, which React Router answers with a 500: ${String(thrown)}`, { cause: thrown });
  }
}

function isDataWithResponseInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** An error outcome of the member and concierge forms: `ok: false` and a message to show. */
export function expectClearActionResult(outcome: unknown): void {
  expect(outcome).toMatchObject({ ok: false });
  const { error, fieldErrors } = outcome as { error?: unknown; fieldErrors?: Record<string, unknown> };
  const messages = [error, ...Object.values(fieldErrors ?? {})].filter((message) => message !== undefined);
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(typeof message === "string" && message.length > 0).toBe(true);
}

/** A redirect that stays on this site (no other origin, no protocol-relative or backslash path). */
export function expectSameSiteLocation(location: string | null, origin: string): void {
  expect(location).not.toBeNull();
  const url = new URL(location!, origin);
  expect(url.origin).toBe(origin);
  expect(location!.startsWith("/")).toBe(true);
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // An undecodable path stays as it is.
  }
  expect(path).not.toMatch(/^\/[\s/\\\p{Cc}]/u);
}

// ---------------------------------------------------------------------------------------------
// State

/** One row of scalars (counts, sums, lists) describing the tables a property watches. */
export type Row = Record<string, string | number | null>;

export async function readRow(sql: string, ...bindings: unknown[]): Promise<Row> {
  return (await env.DB.prepare(sql)
    .bind(...bindings)
    .first<Row>())!;
}

/** The row with some of its counts raised. */
export function plus(row: Row, added: Record<string, number>): Row {
  const next = { ...row };
  for (const [column, n] of Object.entries(added)) next[column] = Number(next[column]) + n;
  return next;
}

/**
 * Follows the watched rows from body to body with one read each: every answer states what the
 * rows must now be (unchanged for a refusal). It always continues from what it read, so one
 * failure never makes the shrinking runs after it fail for a stale expectation.
 */
export class RowTracker {
  private current: Row = {};

  constructor(private readonly read: () => Promise<Row>) {}

  async start(): Promise<this> {
    this.current = await this.read();
    return this;
  }

  get rows(): Row {
    return this.current;
  }

  /** Expects the rows to be `change(previous)`, now or (for writes after the answer, in waitUntil) soon. */
  async expectRows(change: (previous: Row) => Row = (previous) => previous, { eventually = false } = {}): Promise<void> {
    const wanted = change(this.current);
    let actual = await this.read();
    if (eventually) {
      await vi
        .waitFor(
          async () => {
            actual = await this.read();
            expect(actual).toEqual(wanted);
          },
          { timeout: 10_000, interval: 5 },
        )
        .catch(() => {});
    }
    this.current = actual;
    expect(actual).toEqual(wanted);
  }

  expectUnchanged(): Promise<void> {
    return this.expectRows();
  }

  /** Reads the rows without expecting anything: the caller compares `previous` and `current`. */
  async step(): Promise<{ previous: Row; current: Row }> {
    const previous = this.current;
    this.current = await this.read();
    return { previous, current: this.current };
  }
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort().join(",");

/** No body may add properties to Object.prototype (prototype pollution). */
export function expectPrototypeUntouched(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort().join(",")).toBe(prototypeNames);
  expect(({} as Record<string, unknown>).admin).toBeUndefined();
}

/** The execution context an action gets; `settle` waits for its waitUntil work (security events). */
export function actionExecutionContext() {
  const pending: Promise<unknown>[] = [];
  return {
    ctx: { waitUntil: (promise: Promise<unknown>) => void pending.push(promise), passThroughOnException: () => {} },
    settle: async () => {
      await Promise.allSettled(pending.splice(0));
    },
  };
}

/** The React Router context of an action: the Worker's env and ctx, and the signed-in member if any. */
export function routerContext(ctx: ReturnType<typeof actionExecutionContext>["ctx"], member?: SignedInMember): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, ctx, new Request(SITE_ORIGIN)));
  if (member) context.set(memberContext, member);
  return context;
}

// ---------------------------------------------------------------------------------------------
// The API

export const API_ORIGIN = "http://example.com";

/** POSTs a raw body to the API the way a browser or script would, through the Worker's fetch. */
export function postApi(path: string, raw: RawBody, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(
    rawRequest(`${API_ORIGIN}${path}`, raw, { Origin: API_ORIGIN, "CF-Connecting-IP": uniqueClientAddress(), ...headers }),
  );
}

/** The body as the Worker's JSON reader sees it: parsed, or null when it is not JSON. */
export function parsedJson(raw: RawBody): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(typeof raw.body === "string" ? new TextEncoder().encode(raw.body) : raw.body));
  } catch {
    return null;
  }
}

/** A plain object parsed from JSON, or null for arrays, primitives and non-JSON. */
export function parsedObject(raw: RawBody): Record<string, unknown> | null {
  const value = parsedJson(raw);
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** An own property of a parsed body (never one inherited or smuggled under `__proto__`). */
export function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Form actions

export const SITE_ORIGIN = "http://localhost";

/** The arguments React Router passes an action, for a POST of `submission` to `path`. */
export function actionArgs<Params extends Record<string, string>>(
  path: string,
  submission: FormSubmission,
  context: RouterContextProvider,
  params: Params,
  headers: Record<string, string> = {},
) {
  const request = formRequest(`${SITE_ORIGIN}${path}`, submission, { Origin: SITE_ORIGIN, ...headers });
  const url = new URL(request.url);
  // The Worker makes one request context per request: bind this one to the request it serves.
  context.set(requestContext, createRequestContext(env, context.get(requestContext).ctx, request));
  return { request, url, pattern: url.pathname, params, context };
}

/**
 * The submission with placeholders replaced by values known only when it runs (the ids of rows
 * the property keeps replacing, fresh tokens), so generated bodies keep reaching the success path.
 */
export function substitute(submission: FormSubmission, replacements: Record<string, string>): FormSubmission {
  const replace = (text: string) =>
    Object.entries(replacements).reduce((result, [placeholder, value]) => result.replaceAll(placeholder, value), text);
  return {
    ...submission,
    pairs: submission.pairs.map(([name, value]) => [replace(name), typeof value === "string" ? replace(value) : value]),
    raw:
      submission.raw && typeof submission.raw.body === "string"
        ? { ...submission.raw, body: replace(submission.raw.body) }
        : submission.raw,
  };
}
