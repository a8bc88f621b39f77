import { useEffect } from "react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/accessibility-settings";
import {
  ACCESSIBILITY_SETTINGS_PATH,
  colorBlindnessModes,
  defaultAccessibilitySettings,
  fontSizeRange,
  normalizeAccessibilitySettings,
  sliderSteps,
  textSpacingRange,
} from "../accessibility-settings.ts";
import { colorBlindnessHint, colorBlindnessLabels, textSpacingHint, toggles } from "../accessibility-setting-labels.ts";
import { accessibilitySettingsForm } from "../accessibility-settings-form.ts";
import { accessibilitySettingsCookie, readAccessibilitySettingsCookie } from "../accessibility-settings.server.ts";
import { adoptSavedAccessibilitySettings } from "../use-accessibility-settings.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { useConfirmationOnce } from "#app/ui/form/use-confirmation-once.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { requestContext } from "#app/context.ts";
import { club } from "#app/features/site/site-config.ts";

/**
 * The accessibility settings as a plain form (docs/product-rules.md#accessibility): what the
 * floating button opens without JavaScript. Its action keeps the settings in their cookie, which
 * every page's first HTML then applies (app/root.tsx); the widget saves through the same action.
 */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Accessibility settings",
    description: `Text size, contrast, motion and the other display settings of ${club.name}'s pages, kept in this browser.`,
  }),
  { name: "robots", content: "noindex" },
];

const confirmations = {
  saved: { title: "Settings saved", description: "They apply on every page of the site, in this browser." },
  reset: { title: "Settings reset", description: "Every setting is back to its default." },
} as const;

export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(requestContext);
  const done = new URL(request.url).searchParams.get("done");
  const confirmation: ActionResult | null = done === "saved" || done === "reset" ? { ok: true, toast: confirmations[done] } : null;
  return {
    settings: readAccessibilitySettingsCookie(request, config.ENVIRONMENT) ?? { ...defaultAccessibilitySettings },
    confirmation,
  };
}

/**
 * Saves the settings in their cookie and comes back here (post/redirect/get), or, for the widget,
 * answers with the outcome. A refusal (a value no control offers) changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config } = context.get(requestContext);
  const submission = await readSubmission(request, accessibilitySettingsForm);
  if (!submission.ok) return submission.invalid;
  const { intent, via, ...chosen } = submission.data;
  const settings = intent === "reset" ? { ...defaultAccessibilitySettings } : normalizeAccessibilitySettings(chosen);
  const headers = { "Set-Cookie": accessibilitySettingsCookie(config.ENVIRONMENT, settings) };
  if (via === "widget") return data<ActionResult>({ ok: true, toast: confirmations.saved }, { headers });
  return redirect(`${ACCESSIBILITY_SETTINGS_PATH}?done=${intent === "reset" ? "reset" : "saved"}`, { status: 303, headers });
}

const fieldClasses = "rounded-sm border border-cedar bg-night p-4";

export default function AccessibilitySettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, confirmation } = loaderData;
  useConfirmationOnce(confirmation, "accessibility-settings-title");
  const { pending } = usePendingSubmission();
  const errors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};

  // With JavaScript, the widget (and this page, already in the new settings from its HTML) take
  // on what the form saved.
  useEffect(() => {
    if (confirmation) adoptSavedAccessibilitySettings(settings);
  }, [confirmation, settings]);

  return (
    <>
      <PageHero eyebrow="Accessibility" title="Accessibility settings">
        <p>
          Choose how the pages of the site look in this browser. Your choices are kept in a cookie for a year and apply on every page from
          the moment it appears. The same settings open from the round button at the corner of every page; the{" "}
          <Link to="/accessibility" className="text-brass underline">
            accessibility statement
          </Link>{" "}
          says what else the site does.
        </p>
      </PageHero>

      <Section id="accessibility-settings" title="Your settings" focusable>
        {confirmation ? (
          <p role="status" className="mb-6 font-semibold text-cream">
            {confirmation.ok ? `${confirmation.toast.title}. ${confirmation.toast.description}` : null}
          </p>
        ) : null}
        {/* A new key after each save: the fields start again from the saved settings. */}
        <Form method="post" key={JSON.stringify(settings)} className="grid max-w-2xl gap-4" noValidate>
          <Field id="fontSize" label="Text size" error={errors.fontSize} className={fieldClasses}>
            {(control) => (
              <select {...control} name="fontSize" defaultValue={String(settings.fontSize)} className={inputClasses}>
                {sliderSteps(fontSizeRange).map((value) => (
                  <option key={value} value={value}>
                    {value}%
                  </option>
                ))}
              </select>
            )}
          </Field>

          <Field id="textSpacing" label="Text spacing" hint={textSpacingHint} error={errors.textSpacing} className={fieldClasses}>
            {(control) => (
              <select {...control} name="textSpacing" defaultValue={String(settings.textSpacing)} className={inputClasses}>
                {sliderSteps(textSpacingRange).map((value) => (
                  <option key={value} value={value}>
                    {value}%
                  </option>
                ))}
              </select>
            )}
          </Field>

          {toggles.map((toggle) => (
            <div key={toggle.key} className={`${fieldClasses} flex items-start gap-3`}>
              <input
                id={toggle.key}
                name={toggle.key}
                type="checkbox"
                defaultChecked={settings[toggle.key]}
                aria-describedby={`${toggle.key}-hint${errors[toggle.key] ? ` ${toggle.key}-error` : ""}`}
                aria-invalid={errors[toggle.key] ? true : undefined}
                className="mt-0.5 size-6 shrink-0 cursor-pointer accent-brass"
              />
              <div>
                <label htmlFor={toggle.key} className="cursor-pointer font-semibold text-cream">
                  {toggle.label}
                </label>
                <p id={`${toggle.key}-hint`} className="mt-1 text-sm text-smoke">
                  {toggle.hint}
                </p>
                {errors[toggle.key] ? (
                  <p id={`${toggle.key}-error`} className="mt-1 text-sm text-warning">
                    {errors[toggle.key]}
                  </p>
                ) : null}
              </div>
            </div>
          ))}

          <Field
            id="colorBlindness"
            label="Color blindness filter"
            hint={colorBlindnessHint}
            error={errors.colorBlindness}
            className={fieldClasses}
          >
            {(control) => (
              <select {...control} name="colorBlindness" defaultValue={settings.colorBlindness} className={inputClasses}>
                {colorBlindnessModes.map((mode) => (
                  <option key={mode} value={mode}>
                    {colorBlindnessLabels[mode]}
                  </option>
                ))}
              </select>
            )}
          </Field>

          {errors.intent || errors.via ? (
            <p role="alert" className="text-sm font-semibold text-warning">
              {errors.intent ?? errors.via}
            </p>
          ) : null}

          <div className="mt-2 flex flex-wrap items-center gap-4">
            <SubmitButton name="intent" value="save" pending={pending}>
              Save settings
            </SubmitButton>
            <SubmitButton name="intent" value="reset" variant="secondary" pending={pending}>
              Reset to defaults
            </SubmitButton>
          </div>
        </Form>
      </Section>
    </>
  );
}
