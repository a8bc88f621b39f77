import type { FormEvent, ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { useFormIntent } from "#app/ui/form/use-form-intent.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Section } from "#app/ui/section.tsx";
import { staffRoleNames } from "./member-labels.ts";
import { shrinkPhoto } from "./photo-shrink.ts";
import type { MemberPage } from "./member-record.tsx";

const panelClasses = "rounded-sm border border-cedar bg-night p-6";
const headingClasses = "text-xl text-cream";

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={panelClasses}>
      <h3 id={id} className={headingClasses}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A destructive action's second step: what will happen, the action itself, and the way back. */
function Confirmation({
  id,
  children,
  intent,
  label,
  hidden = {},
}: {
  id: string;
  children: ReactNode;
  intent: string;
  label: string;
  hidden?: Record<string, string>;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: intent } });
  return (
    <div role="group" aria-labelledby={`${id}-question`} className="mt-4 rounded-sm border border-ember/70 bg-humidor p-4">
      <p id={`${id}-question`} className="text-cream">
        {children}
      </p>
      <Form method="post" preventScrollReset className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="confirmed" value="yes" />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SubmitButton name="intent" value={intent} pending={pending}>
          {label}
        </SubmitButton>
        <Link to="." preventScrollReset className="text-smoke underline underline-offset-4 hover:text-cream">
          Cancel
        </Link>
      </Form>
    </div>
  );
}

const outcomeOf = (outcome: ActionResult | undefined, form: string) => (outcome?.form === form ? outcome : undefined);
const fieldError = (outcome: ActionResult | undefined, field: string) =>
  outcome && !outcome.ok ? outcome.fieldErrors?.[field] : undefined;

/** The actions of the member page and its notes (docs/product-rules.md#members); each a server-rendered form. */
export function MemberActions({ page, outcome }: { page: MemberPage; outcome: ActionResult | undefined }) {
  const { member } = page;
  const suspended = member.status === "suspended";
  const confirmRole = page.confirm === "role" && page.confirmRole && page.confirmRole !== member.role ? page.confirmRole : null;
  const tierOutcome = outcomeOf(outcome, "change-tier");
  const { formRef: tierFormRef, formKey: tierFormKey } = useFormIntent(page.formKey, tierOutcome);
  const photoOutcome = outcomeOf(outcome, "photo");
  const noteOutcome = outcomeOf(outcome, "note");
  const roleOutcome = outcomeOf(outcome, "role");
  const submit = useSubmit();
  const photoAction = `/concierge/members/${encodeURIComponent(member.id)}/photo`;
  // With JavaScript the chosen photo goes smaller and without its EXIF (photo-shrink.ts); without, as chosen.
  const sendSmallerPhoto = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const input = form.elements.namedItem("photo");
    const chosen = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    if (!chosen) return;
    event.preventDefault();
    void shrinkPhoto(chosen).then((smaller) => {
      const body = new FormData(form);
      if (smaller) body.set("photo", smaller);
      return submit(body, { method: "post", action: photoAction, encType: "multipart/form-data", preventScrollReset: true });
    });
  };
  const statusOutcome =
    outcomeOf(outcome, suspended ? "reactivate" : "suspend") ?? outcomeOf(outcome, suspended ? "suspend" : "reactivate");
  return (
    <Section id="member-actions" eyebrow="Concierge" title="Actions" tone="humidor">
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="status-title" title={suspended ? "Suspended" : "Suspend"}>
          {suspended ? (
            <>
              <p className="mt-2 text-smoke">They cannot sign in. Reactivating lets them sign in again; no earlier session returns.</p>
              <Form method="post" preventScrollReset className="mt-4">
                <SubmitButton name="intent" value="reactivate">
                  Reactivate
                </SubmitButton>
              </Form>
            </>
          ) : page.confirm === "suspend" ? (
            <Confirmation id="suspend" intent="suspend" label="Yes, suspend">
              {`Suspend ${member.name}? They are signed out on every device at once and cannot sign in, nor be admitted at the door, until reactivated.`}
            </Confirmation>
          ) : (
            <>
              <p className="mt-2 text-smoke">Signs them out everywhere at once; they cannot sign in or be admitted at the door.</p>
              <Link to="?confirm=suspend" preventScrollReset className={`mt-4 ${buttonClasses("secondary")}`}>
                Suspend…
              </Link>
            </>
          )}
          <FormAlert outcome={statusOutcome} />
        </Panel>

        <Panel id="link-title" title="Sign-in link">
          <p className="mt-2 text-smoke">
            {member.status === "invited"
              ? "They have not set up their sign-in yet. Email them a new single-use link (7 days); earlier links stop working."
              : "For a member with no passkey who cannot get in: a new single-use link (7 days), emailed to them."}
          </p>
          {suspended ? null : (
            <Form method="post" preventScrollReset className="mt-4">
              <SubmitButton name="intent" value="resend-link" variant="secondary">
                Send a New Sign-in Link
              </SubmitButton>
            </Form>
          )}
          <FormAlert outcome={outcomeOf(outcome, "resend-link")} />
        </Panel>

        <Panel id="tier-title" title="Tier">
          <p className="mt-2 text-smoke">
            An upgrade applies at once if the tier has a free place; a downgrade at the end of the paid period. The dues follow the tier.
          </p>
          <Form ref={tierFormRef} method="post" preventScrollReset className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="formKey" value={tierFormKey} />
            <Field id="member-tier" label="New tier" error={fieldError(tierOutcome, "tier")}>
              {(control) => (
                <select {...control} name="tier" defaultValue={member.tier} className={`${inputClasses} h-11`}>
                  {page.tiers.map((tier) => (
                    <option key={tier.slug} value={tier.slug}>
                      {tier.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="pb-7">
              <SubmitButton name="intent" value="change-tier" variant="secondary">
                Change Tier
              </SubmitButton>
            </div>
          </Form>
          <FormAlert outcome={tierOutcome} />
        </Panel>

        <Panel id="photo-title" title="Photo">
          <p className="mt-2 text-smoke">
            Shown on their member card and at the door. A JPEG, PNG or WebP of at most 2 MB; the browser makes it smaller and removes its
            location data before sending.
          </p>
          <Form
            method="post"
            action={photoAction}
            encType="multipart/form-data"
            onSubmit={sendSmallerPhoto}
            preventScrollReset
            className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
          >
            <Field id="member-photo" label={member.hasPhoto ? "New photo file" : "Photo file"} error={fieldError(photoOutcome, "photo")}>
              {(control) => (
                <input
                  {...control}
                  type="file"
                  name="photo"
                  required
                  accept="image/jpeg,image/png,image/webp"
                  className={`${inputClasses} file:mr-3 file:rounded-sm file:border-0 file:bg-cedar file:px-3 file:py-1 file:text-cream`}
                />
              )}
            </Field>
            <div className="pb-7">
              <SubmitButton variant="secondary">Upload Photo</SubmitButton>
            </div>
          </Form>
          {member.hasPhoto ? (
            page.confirm === "remove-photo" ? (
              <Confirmation id="remove-photo" intent="remove-photo" label="Yes, remove the photo">
                Remove their photo? Their card and the door show none until a new one is added.
              </Confirmation>
            ) : (
              <Link to="?confirm=remove-photo" preventScrollReset className="text-smoke underline underline-offset-4 hover:text-cream">
                Remove photo…
              </Link>
            )
          ) : null}
          <FormAlert outcome={outcomeOf(outcome, "remove-photo")} />
        </Panel>

        <Panel id="role-title" title="Staff role">
          <p className="mt-2 text-smoke">
            Door staff see only the door page; a concierge runs this console. Changing a role signs them out everywhere, so it applies at
            once.
          </p>
          {page.self ? (
            <p className="mt-4 text-cream">This is you. Your own concierge role can only be taken away by another concierge.</p>
          ) : confirmRole ? (
            <Confirmation
              id="role"
              intent="role"
              label={`Yes, make them ${staffRoleNames[confirmRole].toLowerCase()}`}
              hidden={{ role: confirmRole }}
            >
              {`Change ${member.name} from ${member.roleName.toLowerCase()} to ${staffRoleNames[confirmRole].toLowerCase()}? Every session of theirs ends.`}
            </Confirmation>
          ) : (
            <Form method="get" preventScrollReset className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
              <input type="hidden" name="confirm" value="role" />
              <Field id="member-role" label="Role">
                {(control) => (
                  <select {...control} name="role" defaultValue={member.role} className={`${inputClasses} h-11`}>
                    {(Object.keys(staffRoleNames) as (keyof typeof staffRoleNames)[]).map((role) => (
                      <option key={role} value={role}>
                        {staffRoleNames[role]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <div>
                <SubmitButton variant="secondary">Change Role…</SubmitButton>
              </div>
            </Form>
          )}
          <FormAlert outcome={roleOutcome} />
        </Panel>
      </div>

      <section aria-labelledby="notes-title" className="mt-10">
        <h3 id="notes-title" className="text-2xl text-cream">
          Notes
        </h3>
        <p className="mt-2 text-smoke">For the concierges only. A note is kept with its author and time, and is never edited.</p>
        <NoteForm issuedKey={page.formKey} outcome={noteOutcome} />
        {page.notes.length === 0 ? (
          <p className="mt-6 text-smoke">No notes yet.</p>
        ) : (
          <ol className="mt-6 grid max-w-3xl gap-4">
            {page.notes.map((note) => (
              <li key={note.id} className={panelClasses}>
                <p className="whitespace-pre-line break-words text-cream">{note.note}</p>
                <p className="mt-2 text-sm text-smoke">{`${note.author} · ${note.when}`}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Section>
  );
}

/** 'Add Note': one note per form shown; emptied once the note is on the record. */
function NoteForm({ issuedKey, outcome }: { issuedKey: string; outcome: ActionResult | undefined }) {
  const { formRef, formKey } = useFormIntent(issuedKey, outcome);
  return (
    <Form ref={formRef} method="post" preventScrollReset className="mt-4 max-w-3xl">
      <input type="hidden" name="formKey" value={formKey} />
      <Field id="member-note" label="New note" error={fieldError(outcome, "note")}>
        {(control) => <textarea {...control} name="note" rows={3} maxLength={2000} required className={inputClasses} />}
      </Field>
      <SubmitButton name="intent" value="note" variant="secondary">
        Add Note
      </SubmitButton>
    </Form>
  );
}
