import { z } from "#app/lib/zod.ts";

/**
 * The key a form that records money or creates something carries from the moment it was shown
 * (docs/product-rules.md#a-form-is-one-intent): the page's loader makes one with `newFormKey`, the
 * form keeps it (app/ui/form/use-form-intent.ts), and the action does the form's work once per key.
 */
export const formKeyField = z.uuid({ error: "This form is out of date. Reload the page and fill it in again." });

/** A fresh key for the forms of the page being shown. */
export const newFormKey = (): string => crypto.randomUUID();
