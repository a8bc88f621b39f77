import type { ReactNode } from "react";

/**
 * A titled band of content; the id lets the heading label the region for screen readers.
 * `focusable` lets a script move focus to the heading (tabIndex -1): after a post, to the part the post changed.
 */
export function Section({
  id,
  title,
  eyebrow,
  children,
  tone = "night",
  focusable = false,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  children: ReactNode;
  tone?: "night" | "humidor";
  focusable?: boolean;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={tone === "humidor" ? "bg-humidor" : "bg-night"}>
      <div className="mx-auto max-w-6xl px-5 py-14 sm:py-20">
        {eyebrow ? <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brass">{eyebrow}</p> : null}
        <h2
          id={`${id}-title`}
          tabIndex={focusable ? -1 : undefined}
          className={`mt-3 text-3xl text-cream sm:text-4xl${focusable ? " outline-none" : ""}`}
        >
          {title}
        </h2>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
