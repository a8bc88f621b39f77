import type { MetaDescriptor } from "react-router";
import { club } from "#app/features/site/site-config.ts";

export interface PageMetaInput {
  title: string;
  description: string;
  /** The path search engines should index; defaults to the current path. */
  canonicalPath?: string;
  type?: "website" | "article";
}

interface MetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** The absolute site URL the root loader read from `SITE_URL`. */
export function siteUrlFrom(matches: MetaArgs["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/** Title, description, canonical URL and Open Graph tags for one page. */
export function pageMeta(args: MetaArgs, page: PageMetaInput): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args.matches);
  const url = `${siteUrl}${page.canonicalPath ?? args.location.pathname}`;
  const title = page.title === club.name ? club.name : `${page.title} | ${club.name}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: club.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${siteUrl}/images/og-card.png` },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
