import type { Route } from "./+types/media";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { memberWithAcceptedRules } from "../member-area.server.ts";
import { brandPalette, brandTypefaces, markUsageGuidelines, mediaDownloadPath, mediaKitDownloads } from "../media-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "#app/features/site/site-config.ts";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Media Kit",
    description: `The ${club.name} media kit and logo pack for members: the crest, the oak-leaf mark, the press fact sheet and brand guidelines.`,
  }),
  { name: "robots", content: "noindex" },
];

/** The kit's downloads; null while the rules step shows (the files are members-only). */
export function loader({ context }: Route.LoaderArgs) {
  if (!memberWithAcceptedRules(context)) return null;
  return { downloads: mediaKitDownloads.map((download) => ({ ...download, href: mediaDownloadPath(download.file) })) };
}

export default function Media({ loaderData }: Route.ComponentProps) {
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  return (
    <>
      <PageHero eyebrow="Media Kit" title="The name, worn well.">
        <p>
          The marks and words that represent {club.name}, gathered for members, their companies and the press they introduce to us. Use them
          with the same discretion you bring to the lounges.
        </p>
      </PageHero>

      <Section id="downloads" eyebrow="Media & logo pack" title="Downloads">
        <ul className="grid gap-6 md:grid-cols-2">
          {loaderData.downloads.map((download) => (
            <li key={download.file} className="flex flex-col rounded-sm border border-brass bg-humidor p-6">
              <h3 className="text-2xl text-cream">{download.title}</h3>
              <p className="mt-1 text-sm text-brass">{download.format}</p>
              <p className="mt-3 flex-1 text-smoke">{download.description}</p>
              <p className="mt-4">
                {/* A plain link: the file comes from a resource route, not a page. */}
                <a
                  href={download.href}
                  download={download.file}
                  className="inline-flex min-h-11 items-center text-brass underline hover:text-cream"
                >
                  Download the {download.title.toLowerCase()}
                </a>
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          Lounge photography and print formats of the marks come from the concierge, by email the same day: call the office at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          . The files are for members; please do not post them where others can download them.
        </p>
      </Section>

      <Section id="identity" eyebrow="Identity" title="Colors and type" tone="humidor">
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {brandPalette.map((color) => (
            <li key={color.name} className="rounded-sm border border-cedar bg-night p-4">
              <div aria-hidden="true" className={`h-12 rounded-sm border border-cedar ${color.swatch}`} />
              <p className="mt-3 font-semibold text-cream">{color.name}</p>
              <p className="mt-1 font-mono text-sm text-smoke">{color.hex}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          Headings are set in <span className="font-display text-xl text-cream">{brandTypefaces.headings}</span> and text in{" "}
          {brandTypefaces.text}, {brandTypefaces.licence}.
        </p>
      </Section>

      <Section id="boilerplate" eyebrow="For the press" title="About the club">
        <div className="prose-club">
          <blockquote>
            <p>{club.description}</p>
          </blockquote>
          <p>Please send press inquiries through the office rather than through members, and ask before naming any member in print.</p>
        </div>
      </Section>

      <Section id="usage" eyebrow="Guidelines" title="Using the marks" tone="humidor">
        <div className="prose-club">
          <ul>
            {markUsageGuidelines.map((guideline) => (
              <li key={guideline}>{guideline}</li>
            ))}
          </ul>
        </div>
      </Section>
    </>
  );
}
