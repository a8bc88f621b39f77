import type { ReactNode } from "react";

/** A titled band of content; the id lets the heading label the region for screen readers. */
export function Section({
  id,
  title,
  eyebrow,
  children,
  tone = "night",
}: {
  id: string;
  title: string;
  eyebrow?: string;
  children: ReactNode;
  tone?: "night" | "humidor";
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={tone === "humidor" ? "bg-humidor" : "bg-night"}>
      <div className="mx-auto max-w-6xl px-5 py-14 sm:py-20">
        {eyebrow ? <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brass">{eyebrow}</p> : null}
        <h2 id={`${id}-title`} className="mt-3 text-3xl text-cream sm:text-4xl">
          {title}
        </h2>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
