import { club } from "#app/features/site/site-config.ts";

/**
 * The media kit (docs/product-rules.md#member-area): what /media offers and the brand facts both the page and the
 * downloadable fact sheet print. The files themselves are built on the server
 * (worker/features/member-area/media-kit-files.ts) and served to members only, never from public/.
 */
export interface MediaKitDownload {
  file: string;
  title: string;
  format: string;
  description: string;
}

export const mediaKitDownloads = [
  {
    file: "ember-and-oak-logo-pack.zip",
    title: "Logo pack",
    format: "ZIP of SVG files",
    description:
      "The cigar-band crest and the oak-leaf mark in brass, cream and night, for dark and light backgrounds, with the guidelines for using them.",
  },
  {
    file: "ember-and-oak-media-kit.md",
    title: "Media kit fact sheet",
    format: "Markdown (plain text)",
    description:
      "The club in brief for the press: the three lounges, the memberships, our colours and type, the boilerplate and how to use the marks.",
  },
] as const satisfies readonly MediaKitDownload[];

export type MediaKitFileName = (typeof mediaKitDownloads)[number]["file"];

/** Where a member downloads a file of the kit (a members-only resource route). */
export function mediaDownloadPath(file: MediaKitFileName): string {
  return `/media/downloads/${file}`;
}

export const brandPalette = [
  { name: "Night", hex: "#0F0B08", swatch: "bg-night" },
  { name: "Humidor", hex: "#1A130E", swatch: "bg-humidor" },
  { name: "Cream", hex: "#F3E9D8", swatch: "bg-cream" },
  { name: "Brass", hex: "#D4A95F", swatch: "bg-brass" },
  { name: "Ember", hex: "#E0773D", swatch: "bg-ember" },
] as const;

export const brandTypefaces = {
  headings: "Cormorant Garamond",
  text: "Inter",
  licence: "both open-source typefaces under the SIL Open Font License",
} as const;

export const markUsageGuidelines = [
  "Members may show the crest to mark their membership, for example on a personal profile or a private event invitation the club has approved.",
  "Do not alter, recolor, stretch or animate the marks, and keep clear space around them equal to the height of the crest's lettering.",
  "Do not use the club's name or marks to suggest that the club endorses a product, a business or an event.",
  `Lounge photographs carry the credit line “Courtesy of ${club.name}” wherever they appear.`,
  "Never photograph members or guests for publication; the house rules on photography apply to press visits too.",
] as const;
