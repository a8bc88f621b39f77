import { type FormEvent, type RefObject } from "react";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { club, healthWarning } from "#app/features/site/site-config.ts";
import { PublicHealthVideo } from "./public-health-video.tsx";

/**
 * The age question (docs/product-rules.md#age-gate): health warning, public-health video, the 21+ statement and the two
 * answers. A real form: without JavaScript 'Yes' posts and reloads past the gate, and 'No' posts
 * into a new tab that the server sends on to the quit resources.
 */
export function AgeQuestion({
  headingRef,
  hiddenFields,
  onSubmit,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  hiddenFields: React.ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <div className="mx-auto max-w-3xl px-5 py-10 sm:py-14">
      <img src="/images/crest.svg" alt="" width={320} height={120} className="mx-auto h-auto w-44 sm:w-56" />
      <h2 id="age-gate-title" ref={headingRef} tabIndex={-1} className="mt-6 text-center text-4xl text-cream outline-none sm:text-5xl">
        Are you {club.minimumAge} or older?
      </h2>
      <p id="age-gate-requirement" className="mt-4 text-center text-lg text-smoke">
        {club.name} is a private cigar society. You must be {club.minimumAge} or older to enter this site, as Oregon law requires for
        anything to do with tobacco.
      </p>
      <p className="mt-6 rounded-sm border border-warning/60 bg-leather px-4 py-3 text-center text-sm font-semibold text-warning">
        {healthWarning}
      </p>
      <form method="post" action="/api/age-gate" onSubmit={onSubmit} className="mt-8 flex flex-col gap-4 sm:flex-row sm:justify-center">
        {hiddenFields}
        <button type="submit" name="answer" value="yes" className={buttonClasses("primary")}>
          Yes, I am 21 or older
        </button>
        <button type="submit" name="answer" value="no" formTarget="_blank" className={buttonClasses("secondary")}>
          No, I am under 21
          <span className="sr-only"> (opens quit-smoking information in a new tab)</span>
        </button>
      </form>
      <PublicHealthVideo />
      <p className="mt-3 text-center text-sm text-smoke">A public-health message. Free help to quit: 1-800-QUIT-NOW.</p>
    </div>
  );
}
