import type { z } from "#app/lib/zod.ts";

/**
 * What every route action answers when it does not redirect, read by its page to show the outcome.
 * `form` names the form it answers when a page has several (a waiver, each event, each request),
 * so the message shows beside that form only. A success raises a toast (the page itself also shows
 * the new state, which is all a visitor without JavaScript needs); a refusal shows inline: one
 * `error` for the form, and/or `fieldErrors`, the first message for each field.
 */
export type ActionResult =
  | { form?: string; ok: true; toast: { title: string; description: string } }
  | { form?: string; ok: false; error?: string; fieldErrors?: FieldErrors };

/** Field name to its first message. */
export type FieldErrors = Record<string, string>;

/** A form's text fields as a plain object for zod (files are never expected, so they are left out). */
export function formFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string") fields[name] = value;
  return fields;
}

/** The first message for each field, for inline display beside it ("form" for a problem of the whole). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
