import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { mediaDownloadPath, mediaKitDownloads } from "#app/features/member-area/media-kit.ts";
import { club, healthWarning, lounges, membershipTiers } from "#app/features/site/site-config.ts";
import { logoPackZip, mediaKitFactSheet, mediaKitFile } from "#worker/features/member-area/media-kit-files.ts";

describe("the media kit fact sheet", () => {
  it("is built from the site's own facts: tiers and prices, lounges, amenities, office and the health warning", () => {
    const sheet = mediaKitFactSheet();
    for (const tier of membershipTiers) expect(sheet).toContain(`**${tier.name}**, $${tier.monthlyPrice} a month`);
    for (const lounge of lounges) expect(sheet).toContain(`**${lounge.name}**, ${lounge.neighbourhood}. ${lounge.hours}.`);
    for (const amenity of club.amenities) expect(sheet).toContain(`- ${amenity}`);
    expect(sheet).toContain(club.officePhone.display);
    expect(sheet).toContain("from $149 to $599 a month");
    expect(sheet).toContain(healthWarning);
    expect(sheet).toContain("## Using the name and the marks");
  });
});

describe("the logo pack", () => {
  it("holds the crest and the oak-leaf mark in three colourways, each a standalone SVG, with a README", () => {
    const files = unzipSync(logoPackZip());
    const svgs = Object.entries(files).filter(([name]) => name.endsWith(".svg"));
    expect(svgs.map(([name]) => name.split("/").pop()).sort()).toEqual([
      "crest.svg",
      "oak-leaf-mark-brass.svg",
      "oak-leaf-mark-cream.svg",
      "oak-leaf-mark-night.svg",
    ]);
    for (const [, svg] of svgs) expect(strFromU8(svg)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>\s*<title/);
    expect(strFromU8(files["ember-and-oak-logo-pack/README.txt"]!)).toContain("Using the marks");
  });

  it("is the same bytes on every download", () => {
    expect(logoPackZip()).toEqual(logoPackZip());
  });
});

describe("mediaKitFile", () => {
  it("has a file for every download the page lists, under the members-only download path", () => {
    for (const download of mediaKitDownloads) {
      expect(mediaKitFile(download.file)?.fileName).toBe(download.file);
      expect(mediaDownloadPath(download.file)).toBe(`/media/downloads/${download.file}`);
    }
  });

  it("has nothing for any other name", () => {
    expect(mediaKitFile("../wrangler.toml")).toBeNull();
    expect(mediaKitFile("crest.svg")).toBeNull();
  });
});
