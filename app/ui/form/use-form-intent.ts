import { useEffect, useRef, useState } from "react";
import type { ActionResult } from "#app/lib/form-result.ts";

/**
 * A form is one intent (docs/product-rules.md#a-form-is-one-intent). The loader runs again after
 * every action and hands the page a new key; a form that took it at once would be a new intent
 * with the old, still-typed values, so a second press would do the work twice. So the form keeps
 * the key it was shown with; only its own success (`outcome`: this form's answer) spends the key,
 * and then the form is emptied and takes the page's next key, whichever of the answer and the
 * reloaded page arrives first. Render `formKey` in a hidden `formKey` field and pass `formRef` to
 * the form.
 */
export function useFormIntent(issuedKey: string, outcome: ActionResult | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const [held, setHeld] = useState({ formKey: issuedKey, spent: false, outcome });
  let next = held;
  if (outcome !== next.outcome) next = { ...next, outcome, spent: next.spent || outcome?.ok === true };
  if (next.spent && issuedKey !== next.formKey) next = { ...next, formKey: issuedKey, spent: false };
  if (next !== held) setHeld(next);
  useEffect(() => {
    if (outcome?.ok) formRef.current?.reset();
  }, [outcome]);
  return { formRef, formKey: next.formKey };
}
