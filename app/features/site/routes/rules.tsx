import { Link } from "react-router";
import type { Route } from "./+types/rules";
import { ClubCodeOfConduct, rulesEffectiveDate } from "../club-code-of-conduct.tsx";
import { ClubRulesSummary } from "../club-rules-summary.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Club Rules",
    description: `The ${club.name} code of conduct: admission and ID, guests, dress, etiquette, lockers, phones, alcohol and zero tolerance. Effective ${rulesEffectiveDate}.`,
  });

export default function Rules() {
  return (
    <>
      <PageHero eyebrow="Club Rules" title="The code we keep.">
        <p>
          A society lasts as long as its members trust one another. These rules are how that trust is kept. Every member accepts the current
          rules before entering member areas, and answers for the guests they bring.
        </p>
      </PageHero>

      <Section id="summary" eyebrow="In brief" title="Four rules, kept without exception">
        <ClubRulesSummary />
      </Section>

      <Section id="code-of-conduct" eyebrow={`Effective ${rulesEffectiveDate}`} title="The full code of conduct" tone="humidor">
        <ClubCodeOfConduct />
      </Section>

      <Section id="acceptance" eyebrow="Acceptance" title="Before you enter">
        <div className="prose-club">
          <p>
            Members accept these rules when they join and again whenever a new version takes effect; member areas stay closed until the
            current version has been accepted. Hosts make sure their guests know the rules before they arrive.
          </p>
          <p>
            Membership itself is governed by the <Link to="/terms">Terms of Membership</Link>, and the laws behind several of these rules
            are explained under <Link to="/compliance">Regulatory Compliance</Link>. Questions about the rules go to the office at{" "}
            <a href={`tel:${club.officePhone.e164}`}>{club.officePhone.display}</a>.
          </p>
        </div>
      </Section>
    </>
  );
}
