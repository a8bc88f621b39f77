import type { ReactNode } from "react";
import { Link } from "react-router";

const styles = {
  primary: "bg-brass text-night hover:bg-cream focus-visible:bg-cream",
  secondary: "border border-brass text-brass hover:bg-brass hover:text-night",
  quiet: "text-cream underline decoration-brass hover:text-brass",
} as const;

export type ButtonStyle = keyof typeof styles;

export const buttonClasses = (variant: ButtonStyle = "primary") =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-sm px-5 py-2.5 text-sm font-semibold uppercase tracking-[0.14em] transition-colors ${styles[variant]}`;

/** A link styled as a button: navigation stays a link for assistive technology. */
export function ButtonLink({ to, children, variant = "primary" }: { to: string; children: ReactNode; variant?: ButtonStyle }) {
  return (
    <Link to={to} className={buttonClasses(variant)}>
      {children}
    </Link>
  );
}
