import type { Route } from "./+types/sitemap";
import { requestContext } from "#app/context.ts";
import { listPosts } from "../blog/blog.server.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { publicPaths } from "../public-paths.ts";

interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD, when we know it. */
  lastModified: string | null;
}

/** /sitemap.xml: every public page and every Insider Info post, as absolute URLs. */
export function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.get(requestContext).env.SITE_URL.replace(/\/+$/, "");
  const entries: SitemapEntry[] = [
    ...publicPaths.map((path) => ({ path, lastModified: null })),
    ...listPosts().map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.date })),
  ];
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified}</lastmod>` : "";
    return `  <url><loc>${escapeMarkup(`${siteUrl}${path}`)}</loc>${lastmod}</url>`;
  });
  const sitemap = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
  return new Response(sitemap, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
