import { strToU8, zipSync } from "fflate";
import {
  brandPalette,
  brandTypefaces,
  markUsageGuidelines,
  mediaKitDownloads,
  type MediaKitFileName,
} from "#app/features/member-area/media-kit.ts";
import { club, healthWarning, lounges, membershipTiers } from "#app/features/site/site-config.ts";

/**
 * The files of the members' media kit, built here and served by a members-only route
 * (app/features/member-area/routes/media-download.tsx) so that nothing of the kit sits in public/.
 */
export interface MediaKitFile {
  fileName: MediaKitFileName;
  contentType: string;
  body: Uint8Array<ArrayBuffer> | string;
}

/** The cigar-band crest (the same drawing as the site's public/images/crest.svg). */
const crestSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 120" width="320" height="120" role="img" aria-labelledby="t">
  <title id="t">A brass cigar band reading Ember and Oak, established in Portland</title>
  <defs>
    <linearGradient id="brass" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f1d296"/>
      <stop offset="0.5" stop-color="#d4a95f"/>
      <stop offset="1" stop-color="#8c6428"/>
    </linearGradient>
  </defs>
  <path d="M10 30h300l-16 30 16 30H10l16-30z" fill="#2a1e16" stroke="url(#brass)" stroke-width="3"/>
  <path d="M30 38h260M30 82h260" stroke="url(#brass)" stroke-width="1.2" opacity="0.8"/>
  <ellipse cx="160" cy="60" rx="46" ry="34" fill="#0f0b08" stroke="url(#brass)" stroke-width="3"/>
  <text x="160" y="58" text-anchor="middle" font-family="Georgia, serif" font-size="15" fill="#f3e9d8" letter-spacing="1">EMBER</text>
  <text x="160" y="76" text-anchor="middle" font-family="Georgia, serif" font-size="11" fill="#d4a95f" letter-spacing="2">&amp; OAK</text>
  <text x="70" y="65" text-anchor="middle" font-family="Georgia, serif" font-size="11" fill="#d4a95f" letter-spacing="3">PORTLAND</text>
  <text x="252" y="65" text-anchor="middle" font-family="Georgia, serif" font-size="11" fill="#d4a95f" letter-spacing="3">OREGON</text>
</svg>
`;

/** The oak-leaf mark of the site header (app/ui/logo-mark.tsx) in one colourway. */
function oakLeafMarkSvg(ink: string, cigarFill: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="512" height="512" role="img" aria-labelledby="t">
  <title id="t">The ${club.name} mark: an ember-tipped cigar across an oak leaf</title>
  <circle cx="24" cy="24" r="22.5" fill="none" stroke="${ink}" stroke-width="1.5"/>
  <path d="M24 9c5 4 8 9 8 15s-3 11-8 15c-5-4-8-9-8-15s3-11 8-15Z" fill="none" stroke="${ink}" stroke-width="1.5"/>
  <path d="M24 12v27" stroke="${ink}" stroke-width="1.2"/>
  <rect x="9" y="29" width="26" height="5" rx="2.5" transform="rotate(-28 22 31.5)" fill="${cigarFill}" stroke="${ink}" stroke-width="1.2"/>
  <circle cx="35.2" cy="24.4" r="2" fill="#e0773d"/>
</svg>
`;
}

function logoPackReadme(): string {
  return [
    `${club.name}: logo pack`,
    "",
    "crest.svg                  The cigar-band crest, for dark or light backgrounds.",
    "oak-leaf-mark-brass.svg    The oak-leaf mark in brass, for dark backgrounds.",
    "oak-leaf-mark-cream.svg    The oak-leaf mark in cream, for dark backgrounds.",
    "oak-leaf-mark-night.svg    The oak-leaf mark in night, for light backgrounds.",
    "",
    "Using the marks",
    ...markUsageGuidelines.map((guideline) => `- ${guideline}`),
    "",
    `Questions: the office, ${club.officePhone.display}.`,
    "",
  ].join("\n");
}

/** A fixed time for every entry, so the same pack is the same bytes on every download. */
const PACK_DATE = new Date("2026-11-01T00:00:00Z");

export function logoPackZip(): Uint8Array {
  return zipSync(
    {
      "ember-and-oak-logo-pack/README.txt": strToU8(logoPackReadme()),
      "ember-and-oak-logo-pack/crest.svg": strToU8(crestSvg),
      "ember-and-oak-logo-pack/oak-leaf-mark-brass.svg": strToU8(oakLeafMarkSvg("#d4a95f", "#2a1e16")),
      "ember-and-oak-logo-pack/oak-leaf-mark-cream.svg": strToU8(oakLeafMarkSvg("#f3e9d8", "#2a1e16")),
      "ember-and-oak-logo-pack/oak-leaf-mark-night.svg": strToU8(oakLeafMarkSvg("#0f0b08", "#f3e9d8")),
    },
    { level: 9, mtime: PACK_DATE },
  );
}

/** The press fact sheet, from the site's own facts (site-config), so it never drifts from the site. */
export function mediaKitFactSheet(): string {
  const priceFrom = Math.min(...membershipTiers.map((tier) => tier.monthlyPrice));
  const priceTo = Math.max(...membershipTiers.map((tier) => tier.monthlyPrice));
  return [
    `# ${club.name}: media kit fact sheet`,
    "",
    `> ${club.description}`,
    "",
    "## The club in brief",
    "",
    `- **Name:** ${club.name} (${club.shortName} in short)`,
    `- **What it is:** ${club.tagline}`,
    `- **Where:** ${club.locationLine}`,
    `- **Memberships:** ${membershipTiers.length} tiers, from $${priceFrom} to $${priceTo} a month`,
    `- **Admission:** members and guests ${club.minimumAge} or older only`,
    `- **Office:** ${club.officePhone.display}`,
    "",
    "## Amenities",
    "",
    ...club.amenities.map((amenity) => `- ${amenity}`),
    "",
    "## The lounges",
    "",
    ...lounges.map((lounge) => `- **${lounge.name}**, ${lounge.neighbourhood}. ${lounge.hours}. ${lounge.summary}`),
    "",
    "## Memberships",
    "",
    ...membershipTiers.map((tier) => `- **${tier.name}**, $${tier.monthlyPrice} a month: ${tier.summary}`),
    "",
    "## Colours and type",
    "",
    ...brandPalette.map((color) => `- ${color.name}: ${color.hex}`),
    "",
    `Headings are set in ${brandTypefaces.headings} and text in ${brandTypefaces.text}, ${brandTypefaces.licence}.`,
    "",
    "## Using the name and the marks",
    "",
    ...markUsageGuidelines.map((guideline) => `- ${guideline}`),
    "",
    "## Press inquiries",
    "",
    `Please send press inquiries through the office (${club.officePhone.display}) rather than through members, and ask before naming any member in print.`,
    "",
    `*${healthWarning}*`,
    "",
  ].join("\n");
}

/** The file a member asked for, or null when the kit has no such file. */
export function mediaKitFile(file: string): MediaKitFile | null {
  const download = mediaKitDownloads.find((entry) => entry.file === file);
  if (!download) return null;
  return download.file === "ember-and-oak-logo-pack.zip"
    ? { fileName: download.file, contentType: "application/zip", body: new Uint8Array(logoPackZip()) }
    : { fileName: download.file, contentType: "text/markdown; charset=utf-8", body: mediaKitFactSheet() };
}
