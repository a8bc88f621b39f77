import type { Route } from "./+types/robots";
import { requestContext } from "#app/context.ts";
import { membersOnlyPaths, privatePaths, publicPaths } from "../public-paths.ts";

// Robots rules match by prefix, so "Disallow: /members" alone would also hide /memberships.
// The longer "Allow" line wins for those pages (RFC 9309, section 2.2.2).
const publicPathsUnderMembersOnly = publicPaths.filter((path) => membersOnlyPaths.some((membersOnly) => path.startsWith(membersOnly)));

/** /robots.txt: crawl everything public, skip members-only and private pages, point at the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.get(requestContext).env.SITE_URL.replace(/\/+$/, "");
  const robots = [
    "User-agent: *",
    "Allow: /",
    ...publicPathsUnderMembersOnly.map((path) => `Allow: ${path}`),
    ...[...membersOnlyPaths, ...privatePaths].map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(robots, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
