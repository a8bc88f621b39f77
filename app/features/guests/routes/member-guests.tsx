import { useEffect } from "react";
import { data, Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/member-guests";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { newFormKey } from "#app/lib/form-intent.ts";
import { oncePerForm, sentBefore } from "#app/lib/form-intents.server.ts";
import { useFormIntent } from "#app/ui/form/use-form-intent.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { club, loungeBySlug } from "#app/features/site/site-config.ts";
import { entitlementsOf, guestVisitsPerQuarter } from "#app/features/site/tier-entitlements.ts";
import { formatPortlandDay, portlandDay } from "#app/features/member-area/member-dates.ts";
import { memberWithAcceptedRules, requireMemberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { requestContext } from "#app/context.ts";
import { guestAllowanceText, stickFeeText, type LaterMonthGuestDays } from "../guest-allowance.ts";
import { memberGuestsForm } from "../guest-forms.ts";
import { guestRefusalText } from "../guest-refusals.ts";
import { cancelGuestVisit, deliverEmail, hostGuestStatus, registerGuest } from "../guests.server.ts";

/**
 * /members/guests (docs/product-rules.md#guests): the member's guest allowance, the form that
 * registers a guest for a day, and their upcoming guests with cancel. Plain forms: everything works
 * without JavaScript.
 */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Guests",
    description: `Register a guest at the lounges of ${club.name}, see your guest allowance and cancel a guest.`,
  }),
  { name: "robots", content: "noindex" },
];

/** How far ahead a guest may be registered, in days after today. */
const DAYS_AHEAD = 60;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The guest days of each month after `today`'s among the upcoming guests, in order. */
function laterMonthGuestDays(today: string, upcoming: { day: string }[]): LaterMonthGuestDays[] {
  const days = new Map<string, Set<string>>();
  for (const { day } of upcoming) {
    const month = day.slice(0, 7);
    if (month > today.slice(0, 7)) days.set(month, (days.get(month) ?? new Set()).add(day));
  }
  return [...days].map(([month, used]) => ({
    month: new Date(`${month}-15T12:00:00Z`).toLocaleString("en-US", { month: "long", timeZone: "UTC" }),
    used: used.size,
  }));
}

/** The member's allowance and upcoming guests; null while the rules step shows. */
export async function loader({ context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  if (!member) return null;
  const today = portlandDay(new Date());
  const status = await hostGuestStatus(context.get(requestContext).env.DB, member.id, today);
  return {
    formKey: newFormKey(),
    allowance: guestAllowanceText(member.tier, status.guestDaysThisMonth, laterMonthGuestDays(today, status.upcoming)),
    stickFee: stickFeeText(member.tier),
    today,
    lastDay: addDays(today, DAYS_AHEAD),
    lounges: entitlementsOf(member.tier).lounges.map((slug) => ({ slug, name: loungeBySlug(slug).name })),
    upcoming: status.upcoming.map((visit) => ({
      id: visit.id,
      guestName: visit.guestName,
      dayLabel: formatPortlandDay(visit.day),
      // Today's guest stands (docs/product-rules.md#guests): only a later day may be cancelled.
      // An event's guest holds a place of the RSVP: removed on the event's page (docs/product-rules.md#events).
      cancellable: visit.day > today && visit.event === null,
      expectedToday: visit.day === today,
      event: visit.event,
      loungeName: loungeBySlug(visit.lounge).name,
      fee: visit.stickFeeWaived
        ? "stick fee waived"
        : visit.eventNightExtra
          ? "event-night guest, pays the stick fee"
          : "pays the stick fee",
    })),
  };
}

/** Registers or cancels a guest of the signed-in member (never a member id from the form). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireMemberWithAcceptedRules(request, context);
  const requestCtx = context.get(requestContext);
  const { env, config, signingKey } = requestCtx;
  const form = await readSubmission(request, memberGuestsForm, {
    form: (fields) => (fields.intent === "cancel" ? `cancel:${fields.visitId ?? ""}` : "register"),
  });
  if (!form.ok) return form.invalid;
  const now = new Date();
  const today = portlandDay(now);

  if (form.data.intent === "cancel") {
    const target = `cancel:${form.data.visitId}`;
    if (!(await cancelGuestVisit(env.DB, { hostId: member.id, visitId: form.data.visitId, today, now }))) {
      const { upcoming } = await hostGuestStatus(env.DB, member.id, today);
      const { visitId } = form.data;
      const event = upcoming.find((visit) => visit.id === visitId)?.event;
      if (event)
        return data<ActionResult>(
          { form: target, ok: false, error: `This guest comes with your RSVP to ${event.title}: remove them on the event's page.` },
          { status: 409 },
        );
      return data<ActionResult>({ form: target, ok: false, error: "There is no upcoming guest of yours to cancel." }, { status: 404 });
    }
    return data<ActionResult>({ form: target, ok: true, toast: { title: "Guest cancelled", description: "The day is free again." } });
  }

  const { day, lounge, guestName, guestEmail, formKey } = form.data;
  if (day < today || day > addDays(today, DAYS_AHEAD)) {
    return data<ActionResult>(
      { form: "register", ok: false, fieldErrors: { day: `Choose a day from today to ${formatPortlandDay(addDays(today, DAYS_AHEAD))}.` } },
      { status: 400 },
    );
  }
  if (!entitlementsOf(member.tier).lounges.includes(lounge)) {
    return data<ActionResult>({ form: "register", ok: false, fieldErrors: { lounge: "Choose one of your lounges." } }, { status: 400 });
  }
  const dayLabel = formatPortlandDay(day);
  const once = await oncePerForm(
    env.DB,
    { key: formKey, purpose: "guest", target: "", actorId: member.id },
    () =>
      registerGuest(env.DB, {
        host: { id: member.id, name: member.name, tier: member.tier },
        day,
        lounge,
        guestName,
        guestEmail,
        visitsPerQuarter: guestVisitsPerQuarter,
        siteUrl: config.SITE_URL,
        signingKey,
      }),
    (result) => !result.ok,
  );
  if (once.sent === "before") return sentBefore("register", `${guestName} is already registered.`);
  const result = once.outcome;
  if (!result.ok) {
    return data<ActionResult>(
      { form: "register", ok: false, error: guestRefusalText(result.reason, guestName, dayLabel, guestVisitsPerQuarter) },
      { status: result.reason === "not-allowed" ? 403 : result.reason === "too-many-registrations" ? 429 : 409 },
    );
  }
  if (result.outboxId !== null) {
    requestCtx.ctx.waitUntil(
      deliverEmail(requestCtx, result.outboxId).catch((error: unknown) =>
        console.error("guest welcome email: first delivery attempt crashed; the cron will retry", error),
      ),
    );
  }
  const fee = result.visit.stickFeeWaived ? "Their stick fee is waived." : "They pay the stick fee.";
  const last = result.lastVisitThisQuarter
    ? ` This is ${guestName}'s last guest visit this quarter: a guest may visit ${guestVisitsPerQuarter} times a quarter.${guestEmail ? " Their welcome email invites them to apply for membership, with you as their connection." : ""}`
    : "";
  return data<ActionResult>({
    form: "register",
    ok: true,
    toast: {
      title: "Guest registered",
      description: `${guestName} is expected at the ${loungeBySlug(lounge).name} on ${dayLabel}. ${fee}${last}`,
    },
  });
}

// A refusal means the page was out of date: reload it to show the current allowance and guests.
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 || defaultShouldRevalidate;
}

type LoaderData = NonNullable<Route.ComponentProps["loaderData"]>;

function RegisterGuest({ page, outcome }: { page: LoaderData; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "register" } });
  const errors = outcome && !outcome.ok ? outcome.fieldErrors : undefined;
  // The form keeps the key it was shown with until its guest is registered, then is emptied.
  const { formRef, formKey } = useFormIntent(page.formKey, outcome);
  // A field error takes focus to the first field it names.
  useEffect(() => {
    if (errors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, formRef]);
  return (
    <Form ref={formRef} method="post" className="grid gap-4 rounded-sm border border-cedar bg-night p-6">
      <input type="hidden" name="formKey" value={formKey} />
      <Field id="guest-day" label="Day" error={errors?.day}>
        {(control) => (
          <input
            {...control}
            name="day"
            type="date"
            required
            min={page.today}
            max={page.lastDay}
            defaultValue={page.today}
            className={inputClasses}
          />
        )}
      </Field>
      <Field id="guest-lounge" label="Lounge" error={errors?.lounge}>
        {(control) => (
          <select {...control} name="lounge" required defaultValue={page.lounges[0]?.slug} className={inputClasses}>
            {page.lounges.map((lounge) => (
              <option key={lounge.slug} value={lounge.slug}>
                {lounge.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="guest-name" label="Guest's full name" hint="As it appears on their photo ID." error={errors?.guestName}>
        {(control) => (
          <input {...control} name="guestName" type="text" required autoComplete="off" maxLength={100} className={inputClasses} />
        )}
      </Field>
      <div>
        <div className="flex min-h-11 items-center gap-3">
          <input
            id="guest-adult"
            name="adult"
            type="checkbox"
            value="yes"
            required
            aria-invalid={errors?.adult ? true : undefined}
            aria-describedby="guest-adult-error"
            className="h-6 w-6 shrink-0 accent-brass"
          />
          <label htmlFor="guest-adult" className="text-cream">
            My guest is {club.minimumAge} or older
          </label>
        </div>
        <p id="guest-adult-error" className="min-h-5 text-sm text-warning">
          {errors?.adult ?? ""}
        </p>
      </div>
      <Field
        id="guest-email"
        label="Guest's email (optional)"
        hint="For a welcome message with the lounge's address and hours."
        error={errors?.guestEmail}
      >
        {(control) => <input {...control} name="guestEmail" type="email" autoComplete="off" maxLength={254} className={inputClasses} />}
      </Field>
      <div>
        <SubmitButton name="intent" value="register" pending={pending}>
          {pending ? "Registering…" : "Register guest"}
        </SubmitButton>
      </div>
      <FormAlert outcome={outcome} />
      {outcome?.ok ? (
        <p role="status" className="text-cream">
          {outcome.toast.description}
        </p>
      ) : null}
    </Form>
  );
}

function CancelGuest({ visit, outcome }: { visit: LoaderData["upcoming"][number]; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "visitId", value: visit.id } });
  return (
    <Form method="post">
      <input type="hidden" name="visitId" value={visit.id} />
      <SubmitButton name="intent" value="cancel" variant="secondary" pending={pending}>
        Cancel
        <span className="sr-only">
          {" "}
          {visit.guestName} on {visit.dayLabel}
        </span>
      </SubmitButton>
      <FormAlert outcome={outcome && !outcome.ok ? outcome : undefined} />
    </Form>
  );
}

export default function MemberGuests({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  return (
    <>
      <PageHero eyebrow="Members Area" title="Your guests">
        <p>
          {loaderData.allowance} {loaderData.stickFee} Guests are {club.minimumAge} or older and show photo ID at the door.
        </p>
      </PageHero>
      <Section id="register-guest" eyebrow="Guest privileges" title="Register a guest">
        <RegisterGuest page={loaderData} outcome={actionData?.form === "register" ? actionData : undefined} />
      </Section>
      <Section id="upcoming-guests" eyebrow="Guest privileges" title="Upcoming guests" tone="humidor">
        {loaderData.upcoming.length === 0 ? (
          <p className="text-smoke">No guests registered.</p>
        ) : (
          <ul className="grid gap-4">
            {loaderData.upcoming.map((visit) => (
              <li key={visit.id} className="flex flex-wrap items-center justify-between gap-4 rounded-sm border border-cedar bg-night p-4">
                <p className="text-cream">
                  <strong>{visit.guestName}</strong>
                  <span className="block text-sm text-smoke">
                    {visit.dayLabel} · {visit.loungeName} · {visit.fee}
                  </span>
                  {visit.event ? (
                    <span className="block text-sm text-smoke">
                      with your RSVP to{" "}
                      <Link to={`/members/events/${visit.event.id}`} className="text-brass underline hover:text-cream">
                        {visit.event.title}
                      </Link>
                    </span>
                  ) : null}
                </p>
                {visit.cancellable ? (
                  <CancelGuest visit={visit} outcome={actionData?.form === `cancel:${visit.id}` ? actionData : undefined} />
                ) : visit.expectedToday ? (
                  <p className="text-cream">Today: expected</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
