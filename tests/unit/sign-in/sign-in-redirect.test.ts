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
});
