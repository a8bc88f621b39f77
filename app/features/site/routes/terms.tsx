import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club, formatMonthlyPrice, membershipTiers, quarterlyDuesCents } from "../site-config.ts";
import { formatCents } from "#app/lib/money.ts";
import { guestVisitLimitInWords } from "../tier-inclusions.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Membership",
    description: `The terms of ${club.name} membership and of this website: eligibility, quarterly dues, lockers, guests, conduct, cancellation, liability and Oregon law.`,
  });

const effectiveDate = "November 1, 2026";

const siteTerms = [
  `This website is for adults aged ${club.minimumAge} or older. By entering it you confirm that you are.`,
  "Member login credentials are personal. Keep them secret, and call the office at once if you think someone else has used them.",
  "Members-only pages, the media kit and anything shared in them are for members alone. The club's name, crest and photographs may be used only as the media kit allows.",
  "Do not copy the site in bulk, probe or bypass its security, send automated requests to its forms, or use it to reach members for commercial purposes.",
  "Information on this site is general. It is not medical or legal advice, and our public health page points to those who can give it.",
];

export default function Terms() {
  return (
    <>
      <PageHero eyebrow="Terms of Membership" title="The terms of the house.">
        <p>
          Membership of {club.name} is a private agreement between you and the club. These terms, together with the{" "}
          <Link to="/rules" className="text-brass underline">
            Club Rules
          </Link>
          , set out what each side promises. They are effective {effectiveDate}.
        </p>
      </PageHero>

      <Section id="membership-terms" eyebrow="Membership" title="Terms of membership">
        <div className="prose-club">
          <h3>1. Who may join</h3>
          <ul>
            <li>
              Members must be {club.minimumAge} or older and show valid government-issued photo ID at the sit-down before an application is
              accepted.
            </li>
            <li>
              Membership is by introduction from a current member in good standing or by executive invitation, and always follows a sit-down
              with the concierge. The club may decline an application without giving reasons.
            </li>
            <li>
              Membership is personal. It cannot be transferred, shared or sold, and it is held in the name of one person, even when a
              company pays the dues.
            </li>
            <li>Members accept the Club Rules in force when they join, and each new version before entering member areas.</li>
          </ul>

          <h3>2. Dues and billing</h3>
          <p>
            Dues are set per month and billed quarterly in advance: the first quarter when your membership begins, then every three months
            from that day.
          </p>
        </div>
        <div className="my-6 max-w-3xl overflow-x-auto">
          <table className="w-full border-collapse text-left text-smoke">
            <caption className="mb-3 text-left text-sm text-smoke">Dues by membership tier</caption>
            <thead>
              <tr className="border-b border-cedar text-cream">
                <th scope="col" className="py-3 pr-6 font-semibold">
                  Tier
                </th>
                <th scope="col" className="py-3 pr-6 font-semibold">
                  Monthly dues
                </th>
                <th scope="col" className="py-3 pr-6 font-semibold">
                  Billed each quarter
                </th>
                <th scope="col" className="py-3 font-semibold">
                  Initiation fee, once
                </th>
              </tr>
            </thead>
            <tbody>
              {membershipTiers.map((tier) => (
                <tr key={tier.slug} className="border-b border-cedar">
                  <th scope="row" className="py-3 pr-6 font-normal text-cream">
                    {tier.name}
                  </th>
                  <td className="py-3 pr-6">{formatMonthlyPrice(tier.monthlyPrice)}</td>
                  <td className="py-3 pr-6">{formatCents(quarterlyDuesCents(tier))}</td>
                  <td className="py-3">{formatCents(tier.initiationFeeCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="prose-club">
          <ul>
            <li>
              The initiation fee is charged once, with the first quarter's dues, when you accept the club's offer of a place. It is waived
              for members introduced by a current member in good standing who vouches for them.
            </li>
            <li>
              When a quarter's dues cannot be collected, the membership is past due for a grace period of fourteen days, and we remind you
              by email. Dues still unpaid after it close the member areas, except your billing page, and your place may be offered to the
              next person waiting for your tier; paying the dues reopens them.
            </li>
            <li>
              Dues may change. We give at least sixty days' written notice before the quarter a new price applies to, and you may cancel
              before then without the usual notice period.
            </li>
            <li>
              You may move to a higher tier at any time, charged pro rata for the rest of the quarter, or to a lower tier from the start of
              the next quarter.
            </li>
          </ul>

          <h3>3. Lockers</h3>
          <ul>
            <li>
              Every membership includes a quarterly locker of the size its tier describes on the <Link to="/memberships">Memberships</Link>{" "}
              page. The locker is assigned for the quarter and renewed with your dues.
            </li>
            <li>
              The club keeps lockers at controlled temperature and humidity, rotates and inspects them each quarter, and records the
              contents in a humidity log that you may see on request.
            </li>
            <li>
              If cigars are lost or damaged in a locker through the club's fault, the club replaces them or pays their replacement cost,
              based on the most recent quarterly log.
            </li>
            <li>
              If your dues lapse, or your membership is suspended or ends, the locker stays yours for seven days. After that it is closed
              and the concierge holds its contents for sixty days for you to collect; then the locker goes to the next member waiting, and
              contents still uncollected are disposed of. Dues paid before the sixty days end give you the locker back as it was.
            </li>
          </ul>

          <h3>4. Guest privileges</h3>
          <ul>
            <li>
              Members may bring guests as their tier allows. The stick fee is waived for one guest a day, the daily plus-one, within the
              limits of your tier; unused waivers do not carry over.
            </li>
            <li>{guestVisitLimitInWords()}</li>
            <li>
              Guests must be {club.minimumAge} or older and show valid photo ID on every visit. They are not members and gain no rights
              under these terms.
            </li>
            <li>You are responsible for your guests' conduct, charges and any damage they cause.</li>
          </ul>

          <h3>5. Conduct, suspension and termination</h3>
          <ul>
            <li>The Club Rules form part of these terms.</li>
            <li>
              Harassment, violence, illegal activity and the other breaches listed under the zero-tolerance article of the Club Rules end a
              membership immediately, without refund of dues already paid.
            </li>
            <li>
              Other breaches are handled by the membership committee under the disputes article of the Club Rules, which may lead to a
              warning, a suspension or termination.
            </li>
            <li>
              The club may also end a membership for any other reason with thirty days' written notice, refunding the unused part of any
              dues paid in advance.
            </li>
          </ul>

          <h3>6. Cancellation</h3>
          <ul>
            <li>
              You may cancel at any time by giving <strong>thirty days' written notice before the next quarter begins</strong>: a signed
              letter handed to the concierge, or an email from the address on your membership agreement.
            </li>
            <li>
              Your membership then continues to the end of the quarter already paid. Dues for a quarter that has begun are not refunded.
            </li>
            <li>Notice received later than thirty days before a quarter takes effect at the end of that quarter.</li>
          </ul>

          <h3>7. Health, risk and liability</h3>
          <ul>
            <li>
              Cigar smoking carries serious health risks, described on our <Link to="/public-health">Public Health</Link> page. You choose
              to smoke, and to be in rooms where others smoke, at your own risk.
            </li>
            <li>
              Apart from locker contents under section 3, the club is not responsible for personal belongings brought into the lounges, or
              for indirect losses such as lost business or profit.
            </li>
            <li>
              Nothing in these terms limits liability that Oregon law does not allow to be limited, including liability for the club's gross
              negligence or intentional misconduct.
            </li>
          </ul>

          <h3>8. Governing law</h3>
          <p>
            These terms are governed by the laws of the State of Oregon. We ask that any dispute first go through the club's own disputes
            process. Any claim that remains is heard by the state courts in Multnomah County, Oregon.
          </p>

          <h3>9. Changes to these terms</h3>
          <p>
            We may change these terms. Members receive the new version by email at least thirty days before it takes effect. If you do not
            accept a change, you may cancel before it takes effect without the usual notice period, and no dues are charged for the quarter
            that follows.
          </p>
        </div>
      </Section>

      <Section id="site-terms" eyebrow="This website" title="Terms of use of the site" tone="humidor">
        <div className="prose-club">
          <ul>
            {siteTerms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          <p>
            How the site handles your information is explained in our <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </div>
      </Section>

      <Section id="terms-contact" eyebrow="Contact" title="Questions about these terms">
        <div className="prose-club">
          <p>
            Call the office at <a href={`tel:${club.officePhone.e164}`}>{club.officePhone.display}</a>, or ask the concierge at any lounge.
            Requests about your membership, dues or locker are answered within two business days.
          </p>
        </div>
      </Section>
    </>
  );
}
