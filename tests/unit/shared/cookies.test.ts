import { describe, expect, it } from "vitest";
import { cookieHeader, expiredCookieHeader, readCookie } from "#worker/shared/cookies.ts";

const requestWith = (cookie: string) => new Request("https://club.example/", { headers: { Cookie: cookie } });

describe("readCookie", () => {
  it("finds one cookie among others and decodes what cookieHeader encoded", () => {
    const set = cookieHeader("google_oauth_redirect", "/rewards?x=1&y=2", { path: "/auth/google" });
    expect(readCookie(requestWith(`theme=dark; ${set.split(";")[0]}; other=1`), "google_oauth_redirect")).toBe("/rewards?x=1&y=2");
  });

  it("is null when the cookie is absent or empty, or the request has no cookies", () => {
    expect(readCookie(requestWith("theme=dark"), "age_gate")).toBeNull();
    expect(readCookie(requestWith("age_gate=; theme=dark"), "age_gate")).toBeNull();
    expect(readCookie(new Request("https://club.example/"), "age_gate")).toBeNull();
  });

  it("never throws on a value that is not valid percent-encoding; callers refuse it like any wrong value", () => {
    for (const value of ["%E0%A4%A", "%", "%ZZ", "%C0%80", "a%E0%A4%A%"])
      expect(() => readCookie(requestWith(`google_oauth_state=${value}`), "google_oauth_state")).not.toThrow();
    expect(readCookie(requestWith("google_oauth_state=%E0%A4%A"), "google_oauth_state")).toBe("%E0%A4%A");
  });

  it("takes the first of two cookies with the same name", () => {
    expect(readCookie(requestWith("age_gate=verified; age_gate=entered"), "age_gate")).toBe("verified");
  });
});

describe("cookieHeader and expiredCookieHeader", () => {
  it("write the attributes they are given, and expire with the same ones", () => {
    const options = { path: "/", httpOnly: true, secure: true, sameSite: "Lax" } as const;
    expect(cookieHeader("__Host-ember_session", "abc", { ...options, maxAge: 60 })).toBe(
      "__Host-ember_session=abc; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
    expect(expiredCookieHeader("__Host-ember_session", options)).toBe(
      "__Host-ember_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
  });
});
