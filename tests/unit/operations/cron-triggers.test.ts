import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { DATA_RETENTION_CRON } from "#worker/features/operations/scheduled.ts";

/** The parts of wrangler.toml this test reads. */
type WranglerConfig = { triggers?: { crons?: unknown }; env?: Record<string, { triggers?: { crons?: unknown } }> };

describe("the cron triggers of wrangler.toml", () => {
  it("include the daily retention trigger the Worker knows, locally and in production", () => {
    const config = parse(readFileSync("wrangler.toml", "utf8")) as WranglerConfig;
    const expected = ["* * * * *", DATA_RETENTION_CRON];
    expect(config.triggers?.crons).toEqual(expected);
    expect(config.env?.production?.triggers?.crons).toEqual(expected);
  });
});
