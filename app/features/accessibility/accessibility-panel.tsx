import { useId, useState, type MouseEvent, type Ref } from "react";
import { FocusWrap } from "#app/ui/focus-wrap.tsx";
import {
  colorBlindnessModes,
  fontSizeRange,
  textSpacingRange,
  type AccessibilitySettings,
  type ColorBlindnessMode,
} from "./accessibility-settings.ts";
import { colorBlindnessHint, colorBlindnessLabels, textSpacingHint, toggles } from "./accessibility-setting-labels.ts";

const fieldClasses = "rounded-sm border border-cedar bg-night p-4";

interface AccessibilityPanelProps {
  ref: Ref<HTMLDialogElement>;
  settings: AccessibilitySettings;
  onChange: (patch: Partial<AccessibilitySettings>) => void;
  onReset: () => void;
  onRequestClose: () => void;
  onClosed: () => void;
}

/**
 * The settings panel (docs/product-rules.md#accessibility), a modal <dialog>: it moves focus in, makes the page behind it
 * inert, closes on Esc and on a click outside, and keeps Tab inside (the shared focus sentinels at
 * its ends). Every change applies at once.
 */
export function AccessibilityPanel({ ref, settings, onChange, onReset, onRequestClose, onClosed }: AccessibilityPanelProps) {
  const id = useId();
  const [status, setStatus] = useState("");

  const change = (patch: Partial<AccessibilitySettings>) => {
    setStatus("");
    onChange(patch);
  };

  // Clicks on the backdrop reach the dialog element itself, from outside its box (a click on its
  // own scrollbar also targets the dialog, but from inside).
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) onRequestClose();
  };

  return (
    <dialog
      ref={ref}
      id="accessibility-panel"
      aria-labelledby={`${id}-title`}
      aria-modal="true"
      onClick={closeOnBackdrop}
      onClose={onClosed}
      className="fixed inset-auto bottom-[80px] right-[16px] m-0 max-h-[calc(100dvh-96px)] w-[min(27rem,calc(100vw-32px))] max-w-[calc(100vw-32px)] overflow-y-auto rounded-md border border-brass-deep wrap-anywhere bg-humidor p-0 text-cream shadow-2xl shadow-black/60 backdrop:bg-night/40"
    >
      <FocusWrap to="last" />
      <div className="p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <h2 id={`${id}-title`} className="text-2xl text-cream sm:text-3xl">
            Accessibility settings
          </h2>
          <button
            type="button"
            onClick={onRequestClose}
            className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-sm border border-cedar px-3 text-sm text-cream hover:border-brass hover:text-brass"
          >
            Close
          </button>
        </div>
        <p className="mt-2 text-sm text-smoke">Changes apply at once and are remembered in this browser.</p>

        <div className="mt-5 grid gap-3">
          <div className={fieldClasses}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <label htmlFor={`${id}-font-size`} className="font-semibold text-cream">
                Text size
              </label>
              {/* Shown for sighted visitors; screen readers hear it from the slider's aria-valuetext. */}
              <span aria-hidden="true" className="text-brass wrap-normal">
                {settings.fontSize}%
              </span>
            </div>
            <input
              id={`${id}-font-size`}
              type="range"
              min={fontSizeRange.min}
              max={fontSizeRange.max}
              step={fontSizeRange.step}
              value={settings.fontSize}
              aria-valuetext={`${settings.fontSize}%`}
              onChange={(event) => change({ fontSize: Number(event.target.value) })}
              className="mt-3 h-6 w-full cursor-pointer accent-brass"
            />
          </div>

          <div className={fieldClasses}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <label htmlFor={`${id}-text-spacing`} className="font-semibold text-cream">
                Text spacing
              </label>
              <span aria-hidden="true" className="text-brass wrap-normal">
                {settings.textSpacing}%
              </span>
            </div>
            <input
              id={`${id}-text-spacing`}
              type="range"
              min={textSpacingRange.min}
              max={textSpacingRange.max}
              step={textSpacingRange.step}
              value={settings.textSpacing}
              aria-valuetext={`${settings.textSpacing}%`}
              aria-describedby={`${id}-text-spacing-hint`}
              onChange={(event) => change({ textSpacing: Number(event.target.value) })}
              className="mt-3 h-6 w-full cursor-pointer accent-brass"
            />
            <p id={`${id}-text-spacing-hint`} className="mt-1 text-sm text-smoke">
              {textSpacingHint}
            </p>
          </div>

          {toggles.map((toggle) => (
            <div key={toggle.key} className={`${fieldClasses} flex items-start gap-3`}>
              <input
                id={`${id}-${toggle.key}`}
                type="checkbox"
                checked={settings[toggle.key]}
                aria-describedby={`${id}-${toggle.key}-hint`}
                onChange={(event) => change({ [toggle.key]: event.target.checked })}
                className="mt-0.5 size-6 shrink-0 cursor-pointer accent-brass"
              />
              <div>
                <label htmlFor={`${id}-${toggle.key}`} className="cursor-pointer font-semibold text-cream">
                  {toggle.label}
                </label>
                <p id={`${id}-${toggle.key}-hint`} className="mt-1 text-sm text-smoke">
                  {toggle.hint}
                </p>
              </div>
            </div>
          ))}

          <div className={fieldClasses}>
            <label htmlFor={`${id}-color-blindness`} className="block font-semibold text-cream">
              Color blindness filter
            </label>
            <select
              id={`${id}-color-blindness`}
              value={settings.colorBlindness}
              aria-describedby={`${id}-color-blindness-hint`}
              onChange={(event) => change({ colorBlindness: event.target.value as ColorBlindnessMode })}
              className="mt-2 min-h-11 w-full rounded-sm border border-cedar bg-humidor px-3 text-cream"
            >
              {colorBlindnessModes.map((mode) => (
                <option key={mode} value={mode}>
                  {colorBlindnessLabels[mode]}
                </option>
              ))}
            </select>
            <p id={`${id}-color-blindness-hint`} className="mt-1 text-sm text-smoke">
              {colorBlindnessHint}
            </p>
          </div>
        </div>

        <div className="mt-5 flex flex-wrap items-center gap-4">
          <button
            type="button"
            onClick={() => {
              onReset();
              setStatus("All settings are back to their defaults.");
            }}
            className="inline-flex min-h-11 items-center justify-center rounded-sm border border-brass px-5 text-sm font-semibold uppercase tracking-[0.14em] text-brass hover:bg-brass hover:text-night"
          >
            Reset to defaults
          </button>
          <p role="status" className="text-sm text-smoke">
            {status}
          </p>
        </div>
      </div>
      <FocusWrap to="first" />
    </dialog>
  );
}
