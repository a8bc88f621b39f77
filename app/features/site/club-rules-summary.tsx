import { clubRulesSummary } from "./club-rules.ts";

/** The four club rules in brief, numbered 01 to 04: shown on the home page and atop /rules. */
export function ClubRulesSummary() {
  return (
    <ol className="grid gap-6 sm:grid-cols-2">
      {clubRulesSummary.map((rule, position) => (
        <li key={rule.title} className="rounded-sm border border-cedar p-6">
          <p className="font-display text-3xl text-brass" aria-hidden="true">
            {String(position + 1).padStart(2, "0")}
          </p>
          <h3 className="mt-2 text-2xl text-cream">{rule.title}</h3>
          <p className="mt-2 text-smoke">{rule.summary}</p>
        </li>
      ))}
    </ol>
  );
}
