/**
 * Paths that search engines may index, in route-table order (docs/product-rules.md#routes). /lounges is left out:
 * it renders the same page as /lounges/kickback, which is the canonical address.
 * Blog posts are listed from the posts themselves (see blog.server.ts).
 */
export const publicPaths = [
  "/",
  "/auth",
  "/memberships",
  "/schedule-sit-down",
  "/partners",
  "/manufacturer-partnership",
  "/blog",
  "/lounges/kickback",
  "/lounges/business",
  "/lounges/platinum",
  "/compliance",
  "/public-health",
  "/member-yards",
  "/gameroom",
  "/rules",
  "/accessibility",
  "/terms",
  "/privacy",
  "/bosses-only",
  "/cigar-academy",
] as const;

/** Members-only paths (docs/product-rules.md#routes): kept out of the sitemap and disallowed in robots.txt. */
export const membersOnlyPaths = ["/members", "/rewards", "/media", "/luxury-vendors"] as const;

/** Other pages that are nobody's business but their user's (a private calendar feed, too): kept out of search engines. */
export const privatePaths = ["/concierge", "/invitation", "/application", "/auth/google", "/calendar"] as const;
