import type { Route } from "./+types/media";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { pageMeta } from "~/lib/meta";
import { requireMember } from "~/lib/require-member.server";
import { club } from "~/lib/site-config";

export const middleware: Route.MiddlewareFunction[] = [requireMember];

// Server middleware runs on client-side navigations only when the route has a loader to fetch
// (react-router docs, how-to/middleware), so this empty loader makes every visit pass requireMember.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Media Kit",
    description: `The ${club.name} media kit and logo pack for members: the crest, the oak-leaf mark, lounge photography, the press fact sheet and brand guidelines.`,
  }),
  { name: "robots", content: "noindex" },
];

const crestDownload = { href: "/images/crest.svg", fileName: "ember-and-oak-crest.svg" };

const kitItems = [
  {
    name: "Logo pack",
    formats: "SVG, PNG (transparent, 512, 1024 and 2048 px), EPS for print",
    detail: "The cigar-band crest and the oak-leaf mark, each in brass, cream and black, for light and dark backgrounds.",
  },
  {
    name: "Brand guidelines",
    formats: "PDF, 18 pages",
    detail: "Clear space, minimum sizes, colors, typography and the uses we ask you to avoid.",
  },
  {
    name: "Lounge photography",
    formats: "JPEG, 24 images at 6000 px on the long edge",
    detail: "The Kickback, Business and Platinum lounges, photographed without members or guests in frame.",
  },
  {
    name: "Press fact sheet",
    formats: "PDF, 2 pages",
    detail: "The club in numbers, the three lounges and their neighborhoods, and the office contact.",
  },
];

const palette = [
  { name: "Night", hex: "#0F0B08", swatch: "bg-night" },
  { name: "Humidor", hex: "#1A130E", swatch: "bg-humidor" },
  { name: "Cream", hex: "#F3E9D8", swatch: "bg-cream" },
  { name: "Brass", hex: "#D4A95F", swatch: "bg-brass" },
  { name: "Ember", hex: "#E0773D", swatch: "bg-ember" },
];

const usageGuidelines = [
  "Members may show the crest to mark their membership, for example on a personal profile or a private event invitation the club has approved.",
  "Do not alter, recolor, stretch or animate the marks, and keep clear space around them equal to the height of the crest's lettering.",
  "Do not use the club's name or marks to suggest that the club endorses a product, a business or an event.",
  `Lounge photographs carry the credit line “Courtesy of ${club.name}” wherever they appear.`,
  "Never photograph members or guests for publication; the house rules on photography apply to press visits too.",
];

export default function Media() {
  return (
    <>
      <PageHero eyebrow="Media Kit" title="The name, worn well.">
        <p>
          The marks, photographs and words that represent {club.name}, gathered for members, their companies and the
          press they introduce to us. Use them with the same discretion you bring to the lounges.
        </p>
      </PageHero>

      <Section id="downloads" eyebrow="Media & logo pack" title="What the kit contains">
        <ul className="grid gap-6 md:grid-cols-2">
          <li className="rounded-sm border border-brass bg-humidor p-6">
            <h3 className="text-2xl text-cream">The crest</h3>
            <p className="mt-1 text-sm text-brass">SVG, scalable</p>
            <p className="mt-3 text-smoke">The cigar-band crest in brass on leather, ready for screens and print.</p>
            <p className="mt-4">
              <a
                href={crestDownload.href}
                download={crestDownload.fileName}
                className="text-brass underline hover:text-cream"
              >
                Download the crest (SVG)
              </a>
            </p>
          </li>
          {kitItems.map((item) => (
            <li key={item.name} className="rounded-sm border border-cedar p-6">
              <h3 className="text-2xl text-cream">{item.name}</h3>
              <p className="mt-1 text-sm text-brass">{item.formats}</p>
              <p className="mt-3 text-smoke">{item.detail}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          The concierge sends any item in the kit by email the same day: call the office at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          .
        </p>
      </Section>

      <Section id="identity" eyebrow="Identity" title="Colors and type" tone="humidor">
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {palette.map((color) => (
            <li key={color.name} className="rounded-sm border border-cedar bg-night p-4">
              <div aria-hidden="true" className={`h-12 rounded-sm border border-cedar ${color.swatch}`} />
              <p className="mt-3 font-semibold text-cream">{color.name}</p>
              <p className="mt-1 font-mono text-sm text-smoke">{color.hex}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          Headings are set in <span className="font-display text-xl text-cream">Cormorant Garamond</span> and text in
          Inter, both open-source typefaces under the SIL Open Font License.
        </p>
      </Section>

      <Section id="boilerplate" eyebrow="For the press" title="About the club">
        <div className="prose-club">
          <blockquote>
            <p>{club.description}</p>
          </blockquote>
          <p>
            Please send press inquiries through the office rather than through members, and ask before naming any member
            in print.
          </p>
        </div>
      </Section>

      <Section id="usage" eyebrow="Guidelines" title="Using the marks" tone="humidor">
        <div className="prose-club">
          <ul>
            {usageGuidelines.map((guideline) => (
              <li key={guideline}>{guideline}</li>
            ))}
          </ul>
        </div>
      </Section>
    </>
  );
}
