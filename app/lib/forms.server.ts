import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { z } from "#app/lib/zod.ts";
import { fieldErrors, formFields, type ActionResult } from "./form-result.ts";

export type Submission<Output> =
  | { ok: true; data: Output; fields: Record<string, string> }
  | { ok: false; fields: Record<string, string>; invalid: DataWithResponseInit<ActionResult> };

/**
 * Reads a route action's form and checks it against its zod schema: the parsed data, or `invalid`,
 * the 400 answer with the field errors (for the form `form` names, from the submitted fields). A
 * body that is not a form (no or another Content-Type, a broken multipart body, a non-UTF-8
 * urlencoded one) makes `request.formData()` throw, which React Router would answer with a 500;
 * it is the client's mistake, so it gets a 415 instead.
 */
export async function readSubmission<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  options: { form?: string | ((fields: Record<string, string>) => string) } = {},
): Promise<Submission<z.output<Schema>>> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new Response("Send this form as application/x-www-form-urlencoded or multipart/form-data.", {
      status: 415,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const fields = formFields(formData);
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data, fields };
  const form = typeof options.form === "function" ? options.form(fields) : options.form;
  const result: ActionResult = { ...(form === undefined ? {} : { form }), ok: false, fieldErrors: fieldErrors(parsed.error) };
  return { ok: false, fields, invalid: data(result, { status: 400 }) };
}
