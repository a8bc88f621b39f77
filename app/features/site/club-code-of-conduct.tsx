import { club } from "./site-config.ts";
import { guestVisitsPerQuarter } from "./tier-entitlements.ts";

/** When the current version of the rules (RULES_VERSION in club-rules.ts) took effect. */
export const rulesEffectiveDate = "November 24, 2026";

interface Article {
  title: string;
  clauses: string[];
}

const articles: Article[] = [
  {
    title: "Admission and identification",
    clauses: [
      `Every person in a lounge, member or guest, is ${club.minimumAge} or older. There are no exceptions for accompanied minors, family events or daytime visits.`,
      "Members show their member credential at the door and valid government-issued photo ID whenever staff ask.",
      "Member credentials are personal. Lending a credential, or letting someone in behind you, is treated as a breach of Article 9.",
      "Staff may refuse entry to anyone without acceptable ID, anyone who appears intoxicated, and anyone whose admission would breach these rules or Oregon law.",
      "Each lounge keeps the opening hours published for it. Members leave at closing time, including from patios and private rooms.",
    ],
  },
  {
    title: "Guests and the daily plus-one",
    clauses: [
      `Guests are welcome and must also be ${club.minimumAge} or older. Every guest shows valid government-issued photo ID at the door on every visit and is signed in by their host.`,
      "Guests normally pay a stick fee for each cigar smoked in the lounge. For one guest a day, your plus-one, the stick fee is waived, within the limits of your membership tier.",
      "A host stays with their guests for the whole visit and leaves with them. Guests may not stay on after their host has gone.",
      "The host answers for their guests: their conduct under these rules, their bar tab and any damage they cause.",
      `The same person may visit as a guest up to ${guestVisitsPerQuarter} times in a calendar quarter, whoever hosts them. After that, the concierge will gladly arrange a sit-down.`,
      "Guests may use only the lounges and rooms that their host's membership opens.",
    ],
  },
  {
    title: "Dress code",
    clauses: [
      "Smart casual at minimum: collared shirts, tailored trousers or dark denim, and proper shoes.",
      "No athletic wear, beachwear, work boots or clothing with large logos or slogans.",
      "No hats indoors after 6 pm.",
      "Master blender dinners and events marked as formal call for a jacket. The concierge keeps a few in reserve for those caught out.",
    ],
  },
  {
    title: "Conduct and respect",
    clauses: [
      "Members, guests and staff are treated with courtesy at all times. Staff follow these rules too, and their instructions are to be followed.",
      "Keep voices low. The lounges are for conversation, not for an audience.",
      "What is said in the lounges stays in the lounges. Do not repeat a member's business conversation, and do not approach another member to sell.",
      "Chairs are not reserved by leaving belongings on them. A chair left empty for thirty minutes is free for the next member.",
      "No gambling for money anywhere in the club, the Game Room included.",
    ],
  },
  {
    title: "Cigar etiquette",
    clauses: [
      "Cigars and pipe tobacco only. Cigarettes, vaping devices and cannabis are not permitted anywhere in a lounge.",
      "Cut and light at the stations, with butane or a cedar spill, never a fluid lighter that taints the leaf.",
      "Never re-light another member's cigar, and never handle a cigar that is not yours without its owner's invitation.",
      "Let the ash fall on its own into an ashtray. Do not tap, stub or leave a cigar smoldering unattended.",
      "Cigars brought from outside pay the stick fee, unless they came from your own locker.",
      "Smoke only in the rooms and patios marked for it, and keep patio smoke away from doors and windows.",
    ],
  },
  {
    title: "Lockers",
    clauses: [
      "Lockers are for cigars and cigar accessories only. Nothing flammable, perishable, illegal or of significant value besides cigars.",
      "Locker contents are handled only by their member and the concierge. Staff open a locker with you, or for the quarterly rotation and humidity log.",
      "A locker is personal and cannot be shared, lent or sub-let. Selling cigars from a locker, or to another member, is not allowed.",
      "When dues lapse, the locker stays yours for seven days. After that its contents are held for sixty days, for you to collect or for the locker to be yours again once dues are paid; then the locker passes to the next member waiting and anything left is disposed of.",
    ],
  },
  {
    title: "Phones and photography",
    clauses: [
      "Phones stay on silent. Calls are taken in the phone booths, on the patio or outside; messages and reading are welcome anywhere.",
      "Laptops and video calls are welcome in the Business Lounge booths and meeting rooms, and nowhere else.",
      "No photographs, video or recordings of other members, guests or staff without their clear consent.",
      "Do not share the location, the guest list or the photographs of a private event without the club's permission.",
    ],
  },
  {
    title: "Alcohol",
    clauses: [
      "Alcohol is served only by our licensed staff, and only to adults of legal drinking age.",
      "Oregon law forbids serving anyone who is visibly intoxicated. The bartender's decision to stop service is final, and it is never to be argued.",
      "No outside bottles, except through the concierge's corkage arrangement for private rooms and events.",
      "Drink stays inside the licensed rooms and patios of each lounge. No member leaves with an open container.",
      "Arrange a safe ride home. The concierge will call a car for any member or guest, at any hour.",
    ],
  },
  {
    title: "Zero tolerance",
    clauses: [
      "Harassment of any kind, violence or threats of violence, theft, illegal activity on the premises, bringing anyone under 21 into a lounge, buying tobacco for anyone under 21, and lending a member credential all end a membership immediately.",
      "Termination under this article takes effect on the spot, without refund of dues already paid, and the member is removed from the premises.",
      "A person whose membership ends under this article may not return as a guest or apply again.",
    ],
  },
  {
    title: "Disputes",
    clauses: [
      "A problem in the moment goes to the lounge manager on duty, who may ask anyone to leave for the rest of the day.",
      "A complaint about a member, a guest, a staff member or a decision goes in writing to the concierge within fourteen days.",
      "The membership committee reviews every written complaint, hears from everyone involved, and gives its decision in writing within thirty days.",
      "The committee may warn, suspend for a set period, or end a membership. Its decision is final within the club; the Terms of Membership and Oregon law still apply.",
    ],
  },
];

/**
 * The full code of conduct: shown on /rules and, in full, in the rules step members accept before
 * entering member areas. Article headings are h3, under the h2 of the enclosing section.
 */
export function ClubCodeOfConduct() {
  return (
    <div className="prose-club">
      <p>
        This version of the rules is <strong>effective {rulesEffectiveDate}</strong> and replaces every earlier version. When the rules
        change, members are told before the new version takes effect and accept it before they next enter member areas.
      </p>
      {articles.map((article, position) => (
        <section key={article.title} aria-labelledby={`article-${position + 1}`}>
          <h3 id={`article-${position + 1}`}>
            Article {position + 1}. {article.title}
          </h3>
          <ol>
            {article.clauses.map((clause) => (
              <li key={clause}>{clause}</li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
