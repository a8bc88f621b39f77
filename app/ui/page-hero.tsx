import type { ReactNode } from "react";

/** The heading block every content page opens with: one h1, an eyebrow and a short lede. */
export function PageHero({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="border-b border-cedar bg-gradient-to-b from-humidor to-night">
      <div className="mx-auto max-w-6xl px-5 py-16 sm:py-20">
        <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brass">{eyebrow}</p>
        <h1 className="mt-4 max-w-3xl text-4xl text-cream sm:text-6xl">{title}</h1>
        {children ? <div className="mt-6 max-w-2xl text-lg text-smoke">{children}</div> : null}
      </div>
    </header>
  );
}
