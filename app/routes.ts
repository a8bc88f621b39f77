import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route table in the order of docs/product-rules.md ("Routes"), except that the members-only
// pages sit together under their shared layout (React Router ranks routes by specificity, so the
// order never changes which route matches). Each route lives in its feature's routes/ folder
// (docs/decisions/006-feature-layout.md). The lounges share one module, which picks its lounge by
// route id; /lounges is the Kickback's second address.
const site = (file: string) => `features/site/routes/${file}`;
const signIn = (file: string) => `features/sign-in/routes/${file}`;
const memberArea = (file: string) => `features/member-area/routes/${file}`;
const admissions = (file: string) => `features/admissions/routes/${file}`;
const concierge = (file: string) => `features/concierge/routes/${file}`;
const dues = (file: string) => `features/dues/routes/${file}`;
const lockers = (file: string) => `features/lockers/routes/${file}`;
const guests = (file: string) => `features/guests/routes/${file}`;
const calendar = (file: string) => `features/calendar/routes/${file}`;
const contact = (file: string) => `features/contact/routes/${file}`;
const card = (file: string) => `features/card/routes/${file}`;
const door = (file: string) => `features/door/routes/${file}`;

export default [
  index(site("home.tsx")),
  route("auth", signIn("sign-in.tsx")),
  route("auth/sign-out", signIn("sign-out.tsx")),
  route("auth/google", signIn("google.tsx")),
  route("auth/google/callback", signIn("google-callback.tsx")),
  route("memberships", site("memberships.tsx")),
  route("schedule-sit-down", site("schedule-sit-down.tsx")),
  route("partners", site("partners.tsx")),
  route("manufacturer-partnership", site("manufacturer-partnership.tsx")),
  route("blog", site("blog.tsx")),
  route("blog/:slug", site("blog-post.tsx")),
  route("lounges", site("lounge.tsx"), { id: "lounges" }),
  route("lounges/kickback", site("lounge.tsx"), { id: "lounges-kickback" }),
  route("lounges/business", site("lounge.tsx"), { id: "lounges-business" }),
  route("lounges/platinum", site("lounge.tsx"), { id: "lounges-platinum" }),
  route("compliance", site("compliance.tsx")),
  route("public-health", site("public-health.tsx")),
  // The SMS block's page: where its forms post without JavaScript (docs/product-rules.md#sms-invitation).
  route("sms-invitation", "features/sms-invitation/routes/sms-invitation.tsx"),
  route("contact", contact("contact.tsx")),
  // The members-only areas share one layout: requireMember and the club rules step.
  layout(memberArea("member-area.tsx"), [
    route("members", memberArea("members.tsx")),
    route("members/accept-rules", memberArea("accept-club-rules.tsx")),
    route("members/devices", signIn("devices.tsx")),
    route("members/sponsorships", admissions("sponsorships.tsx")),
    route("members/billing", dues("billing.tsx")),
    route("members/locker", lockers("member-locker.tsx")),
    route("members/guests", guests("member-guests.tsx")),
    route("members/events", calendar("member-events.tsx")),
    route("members/events/:id", calendar("member-event.tsx")),
    route("members/academy", calendar("member-academy.tsx")),
    route("members/meeting-rooms", calendar("member-meeting-rooms.tsx")),
    route("members/calendar", calendar("member-calendar.tsx")),
    route("members/card", card("member-card.tsx")),
    route("members/events/:id.ics", calendar("member-event-file.ts")),
    route("members/academy/:id.ics", calendar("member-course-file.ts")),
    route("members/meeting-rooms/:reservationId.ics", calendar("member-meeting-room-file.ts")),
    route("rewards", memberArea("rewards.tsx")),
    route("media", memberArea("media.tsx")),
    route("media/downloads/:file", memberArea("media-download.tsx")),
    route("luxury-vendors", memberArea("luxury-vendors.tsx")),
  ]),
  // The card's photo: the member's own only, a 404 for anyone else (docs/security.md#member-card).
  route("members/card/photo", card("member-card-photo.ts")),
  route("member-yards", site("member-yards.tsx")),
  route("gameroom", site("gameroom.tsx")),
  route("rules", site("rules.tsx")),
  route("accessibility", "features/accessibility/routes/accessibility.tsx"),
  route("accessibility/settings", "features/accessibility/routes/accessibility-settings.tsx"),
  route("terms", site("terms.tsx")),
  route("privacy", site("privacy.tsx")),
  route("bosses-only", site("bosses-only.tsx")),
  route("cigar-academy", site("cigar-academy.tsx")),
  route("robots.txt", site("robots.ts")),
  route("sitemap.xml", site("sitemap.ts")),
  // The invitation form as a page: every opener links here; the dialog enhances the links.
  route("executive-access", "features/executive-invitation/routes/executive-access.tsx"),
  route("invitation", admissions("invitation.tsx")),
  route("application", admissions("application.tsx")),
  route("application/sit-down", admissions("sit-down-booking.ts")),
  route("application/sit-down.ics", admissions("sit-down-calendar.ts")),
  // A member's private calendar feed: calendar apps read it without a session (docs/security.md#calendar-feeds).
  route("calendar/:file", calendar("calendar-feed.ts")),
  // The local payments stand-in (development without Stripe only: docs/decisions/009-payment-provider.md).
  route("local-payments/checkout/:sessionId", dues("local-checkout.tsx")),
  route("local-payments/billing/:customerId", dues("local-billing-portal.tsx")),
  // The door (door staff and concierges; everyone else gets a 404): the page and its data.
  route("door", door("door.tsx")),
  route("door/list", door("door-list.ts")),
  route("door/check-ins", door("door-check-ins.ts")),
  route("door/photos/:memberId", door("door-photo.ts")),
  // The concierge console: one layout with requireConcierge; everyone else gets a 404.
  route("concierge", concierge("console.tsx"), [
    index(admissions("requests.tsx")),
    route("sit-downs", admissions("sit-downs.tsx")),
    route("waitlists", admissions("waitlists.tsx")),
    // The Members section (docs/product-rules.md#members): the list, a member's page and their photo.
    route("members", concierge("members.tsx"), { id: "concierge-members" }),
    route("members/:id", concierge("member.tsx"), { id: "concierge-member" }),
    route("members/:id/photo", concierge("member-photo.ts"), { id: "concierge-member-photo" }),
    route("applications.csv", admissions("applications-csv.ts")),
    route("sms-opt-ins", concierge("sms-opt-ins.tsx")),
    route("messages", contact("console-messages.tsx")),
    route("payments", dues("payments.tsx")),
    route("lockers", lockers("console-lockers.tsx")),
    route("guests", guests("console-guests.tsx")),
    route("events", calendar("console-events.tsx")),
    route("events/new", calendar("console-event.tsx"), { id: "concierge-event-new" }),
    route("events/:id", calendar("console-event.tsx"), { id: "concierge-event" }),
    route("events/:id.csv", calendar("console-roster-csv.ts"), { id: "concierge-event-csv" }),
    route("academy", calendar("console-academy.tsx")),
    route("academy/new", calendar("console-academy-term.tsx"), { id: "concierge-term-new" }),
    route("academy/:id", calendar("console-academy-term.tsx"), { id: "concierge-term" }),
    route("academy/:id.csv", calendar("console-roster-csv.ts"), { id: "concierge-term-csv" }),
    route("meeting-rooms", calendar("console-meeting-rooms.tsx")),
    route("outbox", concierge("outbox.tsx")),
    route("dashboard", concierge("dashboard.tsx")),
    route("audit-log", concierge("audit-log.tsx")),
    // The audit log's old address, kept as a redirect for bookmarks.
    route("security-events", concierge("security-events.tsx")),
    route("exports", concierge("exports.tsx")),
    route("exports/:file", concierge("exports-csv.ts")),
  ]),
  route("*", site("not-found.tsx")),
] satisfies RouteConfig;
