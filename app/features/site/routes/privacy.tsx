import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { CardGrid } from "#app/ui/card-grid.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: `What the ${club.name} website keeps, why and for how long, who processes it, and your rights under the Oregon Consumer Privacy Act.`,
  });

const policyDate = "November 2026";

interface DataRecord {
  title: string;
  what: string;
  why: string;
  kept: string;
}

const records: DataRecord[] = [
  {
    title: "Security events",
    what: "The type of event (for example a failed sign-in or a rate limit reached), the time, a keyed hash of your network address, your browser's user agent and the page concerned. Your raw IP address is never stored: the hash lets us recognize repeated abuse from one address without being able to read the address back.",
    why: "To detect and stop abuse, such as automated form submissions and attempts to break into member accounts.",
    kept: "12 months, then deleted.",
  },
  {
    title: "SMS invitation opt-ins",
    what: "Your phone number, the time you asked for a code, the status of the message, when you entered the right code and, if you then ask for an invitation, which request your verified number went with. Once you enter the right code, your browser also remembers that you verified it.",
    why: "To send the invitation code you asked for, and to show that you asked for it. Reply STOP to any message from us and we send nothing further.",
    kept: "As long as we need to show your consent to the message; a STOP reply is recorded and honored at once.",
  },
  {
    title: "Executive invitation requests",
    what: "Your name, email address, company, the person who invited you, your message, and the bot-protection score Google reCAPTCHA gave the submission.",
    why: "To consider and answer your request for an invitation.",
    kept: "Until your request is decided, then for 24 months, then deleted. While you wait on a tier's waitlist or hold an offer, it is kept.",
  },
  {
    title: "Messages to the concierge",
    what: "What you write on the contact page: your name, email address and message, the time it arrived and, if you are a signed-in member, your membership. When the concierge has replied, who replied and when.",
    why: "To answer you, and to see what you asked when you write again.",
    kept: "12 months from when it arrived, then deleted.",
  },
  {
    title: "Messages on their way",
    what: "A copy of each message the site sends: the email to the concierge about your request, the emails to you about it (an offer, a place on a waitlist or a decline), the SMS code request to your phone and, once you are admitted, the email with your personal invitation link. It is kept until it has been delivered.",
    why: "So that nothing you send us is lost when an email or SMS service is briefly unavailable: we store first and deliver after, retrying until delivery succeeds.",
    kept: "Until delivered, then 30 days, then deleted.",
  },
  {
    title: "Sessions",
    what: "When a member signs in, the browser receives a cookie holding a long random token. The server keeps only a hash of that token, linked to the member, never the token itself.",
    why: "To keep you signed in and to open members-only pages to members alone.",
    kept: "30 days, or until you sign out, whichever comes first.",
  },
  {
    title: "Forms sent",
    what: "For each form that records a payment or creates something (a guest, a booking, a note), a random key the page gave the form, what the form does and which account sent it. Nothing you typed is in it.",
    why: "So that a form sent twice, by a double tap or a page resent from the browser, does its work once.",
    kept: "30 days, then deleted.",
  },
  {
    title: "Age-gate answers",
    what: "Your answer to the age question is kept in your own browser: a record of your answer with the time and your browser's user agent, and a log of whether you entered. We also keep an audit record: the time, a random identifier for the visit, your answer, whether you entered the site and your browser's user agent. It contains no IP address and nothing that names you.",
    why: "To avoid asking the question on every page, and to show regulators that the age gate works.",
    kept: "The flags that let you through last until the browsing session ends; the record and log in your browser until you clear its storage; the audit record for 12 months.",
  },
  {
    title: "Accessibility settings",
    what: "Your text size, contrast, motion and other display preferences, in a cookie in your browser. Your browser sends it with each page it asks for, so the page arrives already in your settings; we do not keep them.",
    why: "To apply your preferences on every page and every visit, from the moment a page appears, with or without JavaScript.",
    kept: "In your browser for a year from your last change, or until you clear its cookies. Resetting them keeps the defaults.",
  },
];

const processors = [
  {
    title: "Cloudflare",
    body: "Hosts the website and stores the records above, on Cloudflare's network.",
  },
  {
    title: "Google reCAPTCHA",
    body: "Protects the invitation form from bots by analyzing how the page is used, and returns a score to us.",
  },
  {
    title: "Twilio",
    body: "Delivers the SMS invitation codes to the phone number you enter.",
  },
  {
    title: "YouTube",
    body: "Plays the public-health video of the age question, from its privacy-enhanced domain, and only once you press play: until then your browser does not contact YouTube.",
  },
];

const googleLinks = [
  { label: "Google Privacy Policy", href: "https://policies.google.com/privacy" },
  { label: "Google Terms of Service", href: "https://policies.google.com/terms" },
];

const rights = [
  "Confirm whether we hold personal data about you, and get a copy of it.",
  "Get a list of the specific third parties to whom we have disclosed personal data.",
  "Have inaccurate data corrected.",
  "Have your data deleted.",
  "Opt out of the sale of your data, targeted advertising and profiling. We do none of these, but the right is yours all the same.",
];

export default function Privacy() {
  return (
    <>
      <PageHero eyebrow="Privacy Policy" title="Discretion is the house rule.">
        <p>
          A private society keeps its members' confidences. This policy explains what the {club.name} website keeps, why, for how long, and
          who helps us keep it. It is dated {policyDate}.
        </p>
      </PageHero>

      <Section id="data" eyebrow="What we keep" title="The data this site keeps, and why">
        <ul className="grid gap-6 lg:grid-cols-2">
          {records.map((record) => (
            <li key={record.title} className="rounded-sm border border-cedar p-6">
              <h3 className="text-2xl text-cream">{record.title}</h3>
              <dl className="mt-4 space-y-3 text-smoke">
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-[0.2em] text-brass">What</dt>
                  <dd className="mt-1">{record.what}</dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-[0.2em] text-brass">Why</dt>
                  <dd className="mt-1">{record.why}</dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-[0.2em] text-brass">How long</dt>
                  <dd className="mt-1">{record.kept}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          The site uses no advertising or analytics trackers. The cookies it sets itself are all strictly necessary: one that remembers,
          until you close the browser, that you answered the age question; the session cookie of a signed-in member (30 days, or until
          sign-out); one that remembers for a year that you verified your phone for an SMS invitation; one that keeps your accessibility
          settings for a year; and, during a sign-in with Google, up to four that last ten minutes: two that protect the sign-in, and, when
          they apply, your invitation link and the page to return to. Google reCAPTCHA may set its own cookies on the pages it protects.
        </p>
      </Section>

      <Section id="processors" eyebrow="Who helps us" title="Our processors" tone="humidor">
        <CardGrid cards={processors} className="md:grid-cols-2 xl:grid-cols-4" onHumidor />
        <div className="prose-club mt-8">
          <p>
            Each processor handles data only to provide its service to us. This site is protected by reCAPTCHA, and Google's privacy policy
            and terms of service apply:
          </p>
          <ul>
            {googleLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="rights" eyebrow="Your rights" title="We do not sell your data">
        <div className="prose-club">
          <p>
            We do not sell personal data, share it for targeted advertising or use it to profile you. We disclose it only to the processors
            above, or when the law requires us to.
          </p>
          <h3>Your rights under the Oregon Consumer Privacy Act</h3>
          <p>
            The Oregon Consumer Privacy Act gives Oregon residents the rights below. We extend them to everyone who asks, whether or not the
            Act applies to a club of our size. You have the right to:
          </p>
          <ul>
            {rights.map((right) => (
              <li key={right}>{right}</li>
            ))}
          </ul>
          <p>
            We answer within 45 days, confirm your identity before we act on a request, and never charge for a reasonable request. If we
            decline a request, you may appeal, and if you are unhappy with the outcome of the appeal you may contact the Oregon Department
            of Justice.
          </p>
        </div>
      </Section>

      <Section id="privacy-contact" eyebrow="Contact" title="Ask about your data" tone="humidor">
        <div className="prose-club">
          <p>
            To make a request or ask a question about privacy, call the office at{" "}
            <a href={`tel:${club.officePhone.e164}`}>{club.officePhone.display}</a> or speak to the concierge at any lounge. When this
            policy changes, we update its date here and tell members by email before the change takes effect. The terms that govern the site
            itself are in our <Link to="/terms">Terms of Membership</Link>.
          </p>
        </div>
      </Section>
    </>
  );
}
