import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DATA_RETENTION_CRON } from "#worker/features/operations/scheduled.ts";

describe("the cron triggers of wrangler.toml", () => {
  it("include the daily retention trigger the Worker knows, locally and in production", () => {
    const triggerLines = readFileSync("wrangler.toml", "utf8")
      .split("\n")
      .filter((line) => line.startsWith("crons"));
    expect(triggerLines).toHaveLength(2);
    for (const line of triggerLines) expect(line).toBe(`crons = ["* * * * *", "${DATA_RETENTION_CRON}"]`);
  });
});
