import type { ReactNode } from "react";
import { Link } from "react-router";

const styles = {
  primary: "bg-brass text-night hover:bg-cream focus-visible:bg-cream",
  secondary: "border border-brass text-brass hover:bg-brass hover:text-night",
  quiet: "text-cream underline decoration-brass hover:text-brass",
} as const;

export type ButtonStyle = keyof typeof styles;

// Compact: the header's calls to action, narrower so they fit beside its navigation sooner
// (docs/product-rules.md#layout-header-and-footer).
const sizes = {
  regular: "px-5 tracking-[0.14em]",
  compact: "px-4 tracking-[0.1em]",
} as const;

export const buttonClasses = (variant: ButtonStyle = "primary", size: keyof typeof sizes = "regular") =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-sm py-2.5 text-sm font-semibold uppercase ${sizes[size]} transition-colors ${styles[variant]}`;

/** A link styled as a button: navigation stays a link for assistive technology. */
export function ButtonLink({ to, children, variant = "primary" }: { to: string; children: ReactNode; variant?: ButtonStyle }) {
  return (
    <Link to={to} className={buttonClasses(variant)}>
      {children}
    </Link>
  );
}
