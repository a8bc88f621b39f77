import { describe, expect, it } from "vitest";
import { ageGateStage } from "#app/features/age-gate/age-gate-stage.ts";

describe("ageGateStage", () => {
  it("asks the age question when this browser session has not answered", () => {
    expect(ageGateStage(null, "/", false)).toBe("question");
    expect(ageGateStage(null, "/rules", false)).toBe("question");
    expect(ageGateStage("something-else", "/", false)).toBe("question");
  });

  it("shows the intro on the home page after 'yes', and lets deep links through", () => {
    expect(ageGateStage("verified", "/", false)).toBe("intro");
    expect(ageGateStage("verified", "/memberships", false)).toBe("passed");
  });

  it("shows nothing once entered, and nothing to crawlers", () => {
    expect(ageGateStage("entered", "/", false)).toBe("passed");
    expect(ageGateStage(null, "/", true)).toBe("passed");
  });
});
