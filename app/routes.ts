import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Spec §2 route table, in its order, except that the four members-only pages sit together under
// their shared layout (React Router ranks routes by specificity, so the order never changes which
// route matches). /lounges and /lounges/kickback render the same module.
export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/sign-out", "routes/auth-sign-out.tsx"),
  route("auth/google", "routes/auth-google.tsx"),
  route("auth/google/callback", "routes/auth-google-callback.tsx"),
  route("memberships", "routes/memberships.tsx"),
  route("schedule-sit-down", "routes/schedule-sit-down.tsx"),
  route("partners", "routes/partners.tsx"),
  route("manufacturer-partnership", "routes/manufacturer-partnership.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("lounges", "routes/lounge-kickback.tsx", { id: "lounges" }),
  route("lounges/kickback", "routes/lounge-kickback.tsx", { id: "lounges-kickback" }),
  route("lounges/business", "routes/lounge-business.tsx"),
  route("lounges/platinum", "routes/lounge-platinum.tsx"),
  route("compliance", "routes/compliance.tsx"),
  route("public-health", "routes/public-health.tsx"),
  // The members-only areas (spec §2, §6) share one layout: requireMember and the club rules step.
  layout("routes/member-area.tsx", [
    route("members", "routes/members.tsx"),
    route("members/accept-rules", "routes/accept-club-rules.tsx"),
    route("rewards", "routes/rewards.tsx"),
    route("media", "routes/media.tsx"),
    route("media/downloads/:file", "routes/media-download.tsx"),
    route("luxury-vendors", "routes/luxury-vendors.tsx"),
  ]),
  route("member-yards", "routes/member-yards.tsx"),
  route("gameroom", "routes/gameroom.tsx"),
  route("rules", "routes/rules.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("bosses-only", "routes/bosses-only.tsx"),
  route("cigar-academy", "routes/cigar-academy.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("invitation/:token", "routes/invitation.tsx"),
  // The concierge console (issue 6): one layout with requireConcierge; everyone else gets a 404.
  route("concierge", "routes/concierge.tsx", [
    index("routes/concierge-requests.tsx"),
    route("sms-opt-ins", "routes/concierge-sms-opt-ins.tsx"),
    route("outbox", "routes/concierge-outbox.tsx"),
    route("security-events", "routes/concierge-security-events.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
