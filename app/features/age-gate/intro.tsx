import { type FormEvent, type RefObject } from "react";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { club } from "#app/features/site/site-config.ts";

/**
 * The intro opener after 'Yes' (docs/product-rules.md#age-gate): the brand story, the 'Our Story - Coming Soon'
 * placeholder and the enter control — 'Discover Our World' with a fine pointer, 'or tap here to
 * explore' (and a swipe up, handled by the gate) on touch screens.
 */
export function Intro({
  headingRef,
  hiddenFields,
  onSubmit,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  hiddenFields: React.ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <div className="mx-auto flex min-h-full max-w-3xl flex-col justify-center px-5 py-12 text-center">
      <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brass">{club.tagline}</p>
      <h2 id="age-gate-title" ref={headingRef} tabIndex={-1} className="mt-4 text-5xl text-cream outline-none sm:text-6xl">
        Welcome to {club.name}
      </h2>
      <div id="age-gate-requirement" className="mx-auto mt-6 max-w-2xl space-y-4 text-lg text-smoke">
        <p>
          It began in 2011 with six friends, one humidor and a back room in the Pearl District that smelled of cedar and rain. They wanted a
          chair that was always theirs and a room where a handshake still meant something.
        </p>
        <p>
          Today three lounges keep that promise across Portland. Membership still comes the old way: by introduction, over a conversation,
          one chair at a time.
        </p>
      </div>
      <div className="mx-auto mt-8 w-full max-w-md rounded-sm border border-dashed border-brass-deep px-5 py-6">
        <p className="font-display text-2xl text-brass">Our Story - Coming Soon</p>
      </div>
      <form method="post" action="/api/age-gate" onSubmit={onSubmit} className="mt-10 flex flex-col items-center gap-3">
        {hiddenFields}
        <button type="submit" name="answer" value="enter" className={`${buttonClasses("primary")} pointer-coarse:hidden`}>
          Discover Our World
        </button>
        <p className="hidden text-sm text-smoke pointer-coarse:block" aria-hidden="true">
          Swipe up to enter
        </p>
        <button
          type="submit"
          name="answer"
          value="enter"
          className="hidden min-h-11 px-4 text-cream underline decoration-brass underline-offset-4 pointer-coarse:inline-block"
        >
          or tap here to explore
        </button>
      </form>
    </div>
  );
}
