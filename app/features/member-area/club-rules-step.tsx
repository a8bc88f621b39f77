import { Form, Link, useLocation } from "react-router";
import { ClubCodeOfConduct, rulesEffectiveDate } from "#app/features/site/club-code-of-conduct.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";

/**
 * The club rules step (docs/product-rules.md#member-area): the first time a member opens a member area, and again
 * whenever the rules change, they read the full rules and accept them before anything else shows.
 * The form names the version read, so a change of rules while reading is not accepted unread.
 */
export function ClubRulesStep({ rulesVersion }: { rulesVersion: string }) {
  const { pathname, search } = useLocation();
  const { pending } = usePendingSubmission({ sentWith: { field: "rulesVersion", value: rulesVersion } });
  return (
    <>
      <PageHero eyebrow="Before you enter" title="First, the club rules.">
        <p>
          Every member reads and accepts the current rules before entering member areas. It takes a few minutes, once for each version of
          the rules, and the page you asked for opens as soon as you have accepted them.
        </p>
      </PageHero>

      <Section id="code-of-conduct" eyebrow={`Effective ${rulesEffectiveDate}`} title="The full code of conduct" tone="humidor">
        <ClubCodeOfConduct />
      </Section>

      <Section id="accept-rules" eyebrow="Acceptance" title="Accept the rules to continue">
        <Form method="post" action="/members/accept-rules" className="max-w-3xl">
          <input type="hidden" name="rulesVersion" value={rulesVersion} />
          <input type="hidden" name="redirectTo" value={pathname + search} />
          <p className="text-smoke">
            By accepting, you agree to keep these rules in every lounge and to answer for the guests you bring. The club keeps a record of
            the version you accepted and when. The rules stay available at{" "}
            <Link to="/rules" className="text-brass underline hover:text-cream">
              Club Rules
            </Link>
            .
          </p>
          <div className="mt-6">
            <SubmitButton pending={pending}>I accept the club rules</SubmitButton>
          </div>
        </Form>
      </Section>
    </>
  );
}
