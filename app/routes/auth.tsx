import type { Route } from "./+types/auth";
import { ButtonLink } from "~/components/button-link";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { pageMeta } from "~/lib/meta";
import { club } from "~/lib/site-config";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Member Login",
    description: `Members of ${club.name} sign in here with the credentials issued by the concierge to reach the members area, rewards shop, media kit and vendors.`,
  });

export default function Auth() {
  return (
    <>
      <PageHero eyebrow="Members" title="Member Login">
        <p>
          Members sign in here with the credentials the concierge issued to them. New members receive an invitation
          link by email after their sit-down; it sets up the login and opens the members area.
        </p>
      </PageHero>

      <Section id="not-a-member" eyebrow="Not yet a member?" title="Every membership begins with a sit-down">
        <div className="grid gap-8 md:grid-cols-[2fr_1fr] md:items-end">
          <p className="text-lg text-smoke">
            Forty-five minutes with the concierge in the lounge of your choice, to see whether {club.name} suits you
            and you suit it. Ask for one and the concierge will be in touch to arrange the day.
          </p>
          <div>
            <ButtonLink to="/schedule-sit-down">Request Sit Down</ButtonLink>
          </div>
        </div>
      </Section>

      <Section id="login-help" eyebrow="Help" title="Trouble signing in?" tone="humidor">
        <p className="max-w-3xl text-smoke">
          If your invitation email has not arrived, check your spam folder first. For a lost password, an expired
          invitation link or anything else, call the office at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          . The concierge will confirm who you are before changing anything on your account.
        </p>
      </Section>
    </>
  );
}
