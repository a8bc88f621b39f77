import { eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { formIntents } from "#db/schema.ts";

/**
 * A form is one intent (docs/product-rules.md#a-form-is-one-intent). The page renders a key into
 * each form that records money or creates something; the form keeps that key until its work is
 * done. The first sending claims the key with one INSERT … ON CONFLICT DO NOTHING, so of any number
 * of sendings of one form (a double tap, a resent page, the same button pressed after success,
 * racing requests) exactly one does the work. A refusal that changed nothing gives the key back, so
 * the same form, corrected, can be sent again.
 */
export interface FormIntent {
  /** The key the page rendered into the form. */
  key: string;
  /** What the form does, in a word: "lounge-payment", "guest", "event-booking"… */
  purpose: string;
  /** What it acts on when one page holds several such forms (a payer, an event); "" when one. */
  target: string;
  /** Who sent it: the member, the concierge, or the applicant's request. */
  actorId: string;
}

const intentId = ({ purpose, target, key }: FormIntent) => `${purpose}:${target}:${key}`;

export type OncePerForm<Outcome> = { sent: "now"; outcome: Outcome } | { sent: "before" };

/**
 * Runs `work` for the form's first sending only. `changedNothing` says of an outcome that it was
 * a refusal with nothing stored (a wrong amount, a full day): then the key is given back. If the
 * work throws, the key is given back too, and the error goes on.
 */
export async function oncePerForm<Outcome>(
  db: D1Database,
  intent: FormIntent,
  work: () => Promise<Outcome>,
  changedNothing: (outcome: Outcome) => boolean,
): Promise<OncePerForm<Outcome>> {
  const database = getDatabase(db);
  const id = intentId(intent);
  const claimed = await database
    .insert(formIntents)
    .values({ id, purpose: intent.purpose, actorId: intent.actorId })
    .onConflictDoNothing()
    .returning({ id: formIntents.id });
  if (claimed.length === 0) return { sent: "before" };
  let outcome: Outcome;
  try {
    outcome = await work();
  } catch (error) {
    await database.delete(formIntents).where(eq(formIntents.id, id));
    throw error;
  }
  if (changedNothing(outcome)) await database.delete(formIntents).where(eq(formIntents.id, id));
  return { sent: "now", outcome };
}
