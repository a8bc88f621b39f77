import { describe, expect, it } from "vitest";
import { signInRedirectPath } from "#app/features/sign-in/require-member.server.ts";

describe("signInRedirectPath", () => {
  it("sends a visitor to /auth remembering the path and query they asked for", () => {
    const target = new URL(signInRedirectPath(new URL("https://club.example/rewards?x=1&y=two")), "https://club.example");
    expect(target.pathname).toBe("/auth");
    expect(target.searchParams.get("redirectTo")).toBe("/rewards?x=1&y=two");
  });

  it("does not carry the origin or fragment into redirectTo", () => {
    const target = new URL(signInRedirectPath(new URL("https://club.example/members#events")), "https://club.example");
    expect(target.searchParams.get("redirectTo")).toBe("/members");
  });

  it.each([
    ["/media.data?_routes=routes%2Fmedia", "/media"],
    ["/members/devices.data?_routes=member-area%2Cdevices", "/members/devices"],
    ["/rewards.data?from=menu&_routes=rewards", "/rewards?from=menu"],
    ["/members/_.data", "/members/"],
    ["/_.data", "/"],
    ["/_root.data?_routes=root", "/"],
    ["/members?index&_routes=members", "/members"],
  ])("remembers the page of React Router's data request %s: %s", (dataUrl, page) => {
    const target = new URL(signInRedirectPath(new URL(`https://club.example${dataUrl}`)), "https://club.example");
    expect(target.searchParams.get("redirectTo")).toBe(page);
  });

  it("leaves a page's own query as it was, encoding included", () => {
    const target = new URL(signInRedirectPath(new URL("https://club.example/media?q=crest%20pack&q=2")), "https://club.example");
    expect(target.searchParams.get("redirectTo")).toBe("/media?q=crest%20pack&q=2");
  });
});
