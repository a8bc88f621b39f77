import { describe, expect, it } from "vitest";
import { pageMeta } from "#app/lib/meta.ts";

const args = (pathname: string) => ({
  location: { pathname },
  matches: [{ id: "root", loaderData: { siteUrl: "https://club.example" } }],
});

describe("pageMeta", () => {
  it("gives a page its title, description, canonical URL and Open Graph tags", () => {
    const meta = pageMeta(args("/memberships"), { title: "Memberships", description: "Three tiers." });
    expect(meta).toContainEqual({ title: "Memberships | Ember & Oak Society" });
    expect(meta).toContainEqual({ name: "description", content: "Three tiers." });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://club.example/memberships" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://club.example/memberships" });
    expect(meta).toContainEqual({ property: "og:title", content: "Memberships | Ember & Oak Society" });
  });

  it("points duplicate paths at one canonical URL", () => {
    const meta = pageMeta(args("/lounges"), { title: "Kickback Lounge", description: "d", canonicalPath: "/lounges/kickback" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://club.example/lounges/kickback" });
  });

  it("does not repeat the club name when it is the page title", () => {
    expect(pageMeta(args("/"), { title: "Ember & Oak Society", description: "d" })).toContainEqual({ title: "Ember & Oak Society" });
  });
});
