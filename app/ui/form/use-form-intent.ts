import { useEffect, useRef, useState } from "react";
import type { ActionResult } from "#app/lib/form-result.ts";

/**
 * A form is one intent (docs/product-rules.md#a-form-is-one-intent). The loader runs again after
 * every action and hands the page a new key; a form that took it at once would be a new intent
 * with the old, still-typed values, so a second press would do the work twice. So the form keeps
 * the key it was shown with, and only after its own success (`outcome`: this form's answer) is it
 * emptied and given the page's newest key. Render `formKey` in a hidden `formKey` field and pass
 * `formRef` to the form.
 */
export function useFormIntent(issuedKey: string, outcome: ActionResult | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const [held, setHeld] = useState({ formKey: issuedKey, outcome });
  // The answer and the reloaded page arrive together: on a success, the newest key is the next form's.
  if (held.outcome !== outcome) setHeld({ formKey: outcome?.ok ? issuedKey : held.formKey, outcome });
  useEffect(() => {
    if (outcome?.ok) formRef.current?.reset();
  }, [outcome]);
  return { formRef, formKey: held.formKey };
}
