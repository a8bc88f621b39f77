import { data } from "react-router";
import type { ActionResult } from "./form-result.ts";

/** The Worker's one table of form intents, for route actions (docs/product-rules.md#a-form-is-one-intent). */
export { oncePerForm, type FormIntent } from "#worker/shared/form-intents.ts";

/**
 * The answer to a form sent again after its work was done: a 409 that says what was done and that
 * nothing more was, beside that form.
 */
export function sentBefore(form: string | undefined, done: string) {
  return data<ActionResult>(
    { ...(form === undefined ? {} : { form }), ok: false, error: `${done} Nothing more was done.` },
    { status: 409 },
  );
}
