import type { ReactNode } from "react";
import { Link } from "react-router";

export interface Card {
  title: string;
  body: string;
  /** Makes the title a link to this page. */
  to?: string;
  /** Anything shown below the body, such as an outside link. */
  extra?: ReactNode;
}

/** Titled cards in a grid (className: its columns); onHumidor sets them on night in a humidor Section. */
export function CardGrid({
  cards,
  className,
  onHumidor = false,
  titleTone = "cream",
}: {
  cards: readonly Card[];
  className: string;
  onHumidor?: boolean;
  titleTone?: "cream" | "brass";
}) {
  return (
    <ul className={`grid gap-6 ${className}`}>
      {cards.map((card) => (
        <li key={card.title} className={onHumidor ? "rounded-sm border border-cedar bg-night p-6" : "rounded-sm border border-cedar p-6"}>
          <h3 className={`text-2xl ${titleTone === "brass" ? "text-brass" : "text-cream"}`}>
            {card.to ? (
              <Link to={card.to} className="underline decoration-brass hover:text-brass">
                {card.title}
              </Link>
            ) : (
              card.title
            )}
          </h3>
          <p className="mt-3 text-smoke">{card.body}</p>
          {card.extra}
        </li>
      ))}
    </ul>
  );
}
