import { tiersOpeningLounge } from "./tier-entitlements.ts";

/**
 * The club's facts in one place: brand name, phone, address, prices and tiers live only in this
 * module. Pages, metadata, JSON-LD and the footer all read from here. What each tier includes is
 * in tier-entitlements.ts.
 */
export const club = {
  name: "Ember & Oak Society",
  shortName: "Ember & Oak",
  tagline: "Portland's private cigar society",
  description:
    "A members-only cigar lounge network in Portland, Oregon: three private lounges, climate-controlled lockers, master blender evenings and a cigar academy for members and their guests.",
  city: "Portland",
  region: "Oregon",
  regionCode: "OR",
  country: "US",
  locationLine: "Portland, Oregon",
  /** 555-01xx numbers are reserved for fiction; replace with the office line before launch. */
  officePhone: { display: "(503) 555-0142", e164: "+15035550142" },
  amenities: ["Premium cigar selection", "Climate-controlled lockers", "Member events", "Guest privileges", "Concierge service"],
  minimumAge: 21,
  quitResourcesUrl: "https://smokefree.gov/",
  addictionResources: {
    label: "Tobacco addiction resources (Oregon Tobacco Quit Line)",
    url: "https://www.oregon.gov/oha/ph/preventionwellness/tobacco/pages/oregon-tobacco-quit-line.aspx",
  },
} as const;

export const healthWarning = "WARNING: Cigar smoking can cause cancers of the mouth and throat, even if you do not inhale.";

export interface MembershipTier {
  slug: "kickback" | "business" | "platinum";
  name: string;
  monthlyPrice: number;
  /** The one-time initiation fee, in cents, charged with the first quarter's dues (docs/product-rules.md#dues). */
  initiationFeeCents: number;
  /**
   * How many members the tier holds: approvals beyond it join the tier's waitlist
   * (docs/product-rules.md#capacity-and-waitlist). The Worker's TIER_MEMBER_CAPS may lower or raise it.
   */
  memberCap: number;
  summary: string;
  lounge: string;
}

export const membershipTiers: MembershipTier[] = [
  {
    slug: "kickback",
    name: "Kickback",
    monthlyPrice: 149,
    initiationFeeCents: 50000,
    memberCap: 250,
    summary: "For the evening regular who wants a proper chair, a good light and familiar faces.",
    lounge: "Kickback Lounge",
  },
  {
    slug: "business",
    name: "Business",
    monthlyPrice: 299,
    initiationFeeCents: 100000,
    memberCap: 120,
    summary: "For members who host clients: quiet rooms, reliable Wi-Fi and a locker of your own.",
    lounge: "Business Lounge",
  },
  {
    slug: "platinum",
    name: "Platinum",
    monthlyPrice: 599,
    initiationFeeCents: 250000,
    memberCap: 40,
    summary: "The whole house: every lounge, a cedar-lined locker and a concierge who knows your order.",
    lounge: "Platinum Lounge",
  },
];

/** The tiers' lowest and highest monthly price: the range every page and the JSON-LD state. */
export const monthlyPriceRange = {
  from: Math.min(...membershipTiers.map((tier) => tier.monthlyPrice)),
  to: Math.max(...membershipTiers.map((tier) => tier.monthlyPrice)),
} as const;

export interface Lounge {
  slug: "kickback" | "business" | "platinum";
  path: string;
  /** 640×420 art; a photograph of the same size can replace it without layout shift. */
  image: string;
  name: string;
  neighbourhood: string;
  /** When the doors are open: the rule (meeting rooms are booked within it) and, in words, `hours`. */
  openingHours: OpeningHours;
  /** "Monday – Saturday, 7 am – 10 pm": openingHoursText of `openingHours`, so the two never differ. */
  hours: string;
  summary: string;
  /** The memberships whose members hold a key, read from the tier entitlements (tier-entitlements.ts). */
  tiers: MembershipTier["slug"][];
}

export interface OpeningHours {
  /** The days the doors open, 0 Sunday to 6 Saturday, in order (a run of days: the text names the first and last). */
  days: number[];
  /** The hour the doors open, Portland time (0–23). */
  opens: number;
  /** The hour they close; past 24 it is the next morning's (26: 2 am). */
  closes: number;
}

const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "7 am", "noon", "10 pm", "midnight": an hour of the day (past 24, the next day's). */
export function hourInWords(hour: number): string {
  const h = hour % 24;
  if (h === 0) return "midnight";
  if (h === 12) return "noon";
  return h < 12 ? `${h} am` : `${h - 12} pm`;
}

/** A lounge's opening hours in words: "Daily, 11 am – midnight", "Monday – Saturday, 7 am – 10 pm". */
export function openingHoursText({ days, opens, closes }: OpeningHours): string {
  const when = days.length === 7 ? "Daily" : `${weekdayNames[days[0]!]} – ${weekdayNames[days.at(-1)!]}`;
  return `${when}, ${hourInWords(opens)} – ${hourInWords(closes)}`;
}

const everyDay = [0, 1, 2, 3, 4, 5, 6];
const loungeHours = {
  kickback: { days: everyDay, opens: 11, closes: 24 },
  business: { days: [1, 2, 3, 4, 5, 6], opens: 7, closes: 22 },
  platinum: { days: everyDay, opens: 16, closes: 26 },
} satisfies Record<Lounge["slug"], OpeningHours>;

export const lounges: Lounge[] = [
  {
    slug: "kickback",
    path: "/lounges/kickback",
    image: "/images/kickback-lounge.svg",
    name: "Kickback Lounge",
    neighbourhood: "Pearl District",
    openingHours: loungeHours.kickback,
    hours: openingHoursText(loungeHours.kickback),
    summary: "Deep leather, a long walnut bar and a patio heated from October to May.",
    tiers: tiersOpeningLounge("kickback"),
  },
  {
    slug: "business",
    path: "/lounges/business",
    image: "/images/business-lounge.svg",
    name: "Business Lounge",
    neighbourhood: "Downtown, near Pioneer Courthouse Square",
    openingHours: loungeHours.business,
    hours: openingHoursText(loungeHours.business),
    summary: "Two meeting rooms, quiet booths and coffee service for the working day.",
    tiers: tiersOpeningLounge("business"),
  },
  {
    slug: "platinum",
    path: "/lounges/platinum",
    image: "/images/platinum-lounge.svg",
    name: "Platinum Lounge",
    neighbourhood: "Northwest 23rd",
    openingHours: loungeHours.platinum,
    hours: openingHoursText(loungeHours.platinum),
    summary: "Twelve chairs, a cedar humidor room and a bartender who keeps your pour.",
    tiers: tiersOpeningLounge("platinum"),
  },
];

export function loungeBySlug(slug: Lounge["slug"]): Lounge {
  const lounge = lounges.find((entry) => entry.slug === slug);
  if (!lounge) throw new Error(`site-config lists no ${slug} lounge`);
  return lounge;
}

/** "Business Lounge, Downtown, near Pioneer Courthouse Square, Portland, Oregon": where a lounge is, as emails and calendar files say it. */
export function loungeAddress(slug: Lounge["slug"]): string {
  const { name, neighbourhood } = loungeBySlug(slug);
  return `${name}, ${neighbourhood}, ${club.locationLine}`;
}

export interface NavigationLink {
  to: string;
  label: string;
}

/** Visitor navigation (docs/product-rules.md#layout-header-and-footer), in order and with its labels. */
export const visitorNavigation: NavigationLink[] = [
  { to: "/", label: "Home" },
  { to: "/memberships", label: "Memberships" },
  { to: "/cigar-academy", label: "Cigar Academy" },
  { to: "/schedule-sit-down", label: "Request Sit Down" },
  { to: "/partners", label: "Partners" },
  { to: "/gameroom", label: "Game Room" },
  { to: "/public-health", label: "Public Health" },
  { to: "/bosses-only", label: "Bosses Only" },
];

/**
 * Members navigation (docs/product-rules.md#layout-header-and-footer), in order and with its labels. /bosses-only is shown only as a
 * prohibition icon; `label` is its accessible name.
 */
export const memberNavigation: (NavigationLink & { iconOnly?: true })[] = [
  { to: "/", label: "Home" },
  { to: "/memberships", label: "Memberships" },
  { to: "/cigar-academy", label: "Cigar Academy" },
  { to: "/members", label: "Members Area" },
  // One link for the whole club calendar: its pages link the Academy, meeting rooms and the feed.
  { to: "/members/events", label: "Calendar" },
  { to: "/media", label: "Media Kit" },
  { to: "/rewards", label: "Rewards Shop" },
  { to: "/partners", label: "Partners" },
  { to: "/gameroom", label: "Game Room" },
  { to: "/bosses-only", label: "Bosses Only", iconOnly: true },
];

/** Footer links (docs/product-rules.md#layout-header-and-footer). */
export const footerLinks: NavigationLink[] = [
  { to: "/compliance", label: "Regulatory Compliance" },
  { to: "/partners", label: "Partner Locations" },
  { to: "/manufacturer-partnership", label: "Manufacturer Partnership" },
  { to: "/blog", label: "Insider Info" },
  { to: "/member-yards", label: "Member Yards" },
  { to: "/media", label: "Media & Logo Pack" },
  { to: "/accessibility", label: "Accessibility Statement" },
  { to: "/terms", label: "Terms of Membership" },
  { to: "/privacy", label: "Privacy Policy" },
];

export function formatMonthlyPrice(price: number): string {
  return `$${price}`;
}

/** The tiers' price range in words: "$149 to $599" (pages), or "$149 - $599" (schema.org). */
export function formatPriceRange(separator: " to " | " - "): string {
  return `${formatMonthlyPrice(monthlyPriceRange.from)}${separator}${formatMonthlyPrice(monthlyPriceRange.to)}`;
}

/**
 * The public-health video of the age gate, shown through YouTube's privacy-enhanced
 * domain. Confirm the choice of video with the club before launch.
 */
export const publicHealthVideo = {
  embedUrl: "https://www.youtube-nocookie.com/embed/dUYRU8s2jsc",
  frameOrigin: "https://www.youtube-nocookie.com",
  title: "Public-health message: why quitting smoking matters",
} as const;

/** A quarter's dues in cents: the monthly price, billed three months at a time (docs/product-rules.md#dues). */
export function quarterlyDuesCents(tier: Pick<MembershipTier, "monthlyPrice">): number {
  return tier.monthlyPrice * 3 * 100;
}

export function tierBySlug(slug: MembershipTier["slug"]): MembershipTier {
  const tier = membershipTiers.find((candidate) => candidate.slug === slug);
  if (!tier) throw new Error(`unknown membership tier: ${slug}`);
  return tier;
}
