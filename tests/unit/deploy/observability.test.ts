import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";

/**
 * Workers Logs' invocation logs record each request's whole URL, and a private calendar feed's URL
 * is its secret (docs/security.md#calendar-feeds): every Worker of wrangler.toml keeps them off and
 * its own logs on (the Worker writes its own request line: worker/http/request-log.ts). An
 * environment without its own [observability] inherits the top level's.
 */
type Observability = { enabled?: boolean; logs?: { enabled?: boolean; invocation_logs?: boolean } };
const config = parse(readFileSync("wrangler.toml", "utf8")) as {
  observability?: Observability;
  env: Record<string, { observability?: Observability }>;
};

describe("wrangler.toml's observability", () => {
  it.each(["top level", ...Object.keys(config.env)])("%s: logs on, invocation logs off", (where) => {
    const observability = (where === "top level" ? undefined : config.env[where]?.observability) ?? config.observability;
    expect(observability).toMatchObject({ enabled: true, logs: { enabled: true, invocation_logs: false } });
  });

  it("covers the deployed environments", () => {
    expect(Object.keys(config.env)).toEqual(expect.arrayContaining(["staging", "production"]));
  });
});
