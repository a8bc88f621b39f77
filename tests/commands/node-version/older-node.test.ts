import { execFile, type ExecFileException, execFileSync } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * Every entry script an operator or newcomer might start directly with the machine's own `node`,
 * which may be older than the project's (docs/operators.md, "The commands"): each says which Node it
 * needs and which npm script to use, instead of failing on a `.ts` extension or a missing built-in
 * module (scripts/node-version.mjs). Run for real with the machine's older Node, then with the
 * project's own to show the same entries still start.
 */
const run = promisify(execFile);
const COMMAND_TIMEOUT = 60_000;

const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string }; scripts: Record<string, string> };
const minimum = packageJson.engines.node.replace(/^>=\s*/, "");

/** The entries package.json starts (the words after `node`), with the npm script that starts each. */
const entries: [entry: string[], script: string][] = [
  [["scripts/command.mjs", "scripts/members-create.ts"], "member:create"],
  [["scripts/command.mjs", "scripts/members-set-status.ts"], "member:set-status"],
  [["scripts/command.mjs", "scripts/members-invite-link.ts"], "member:invite-link"],
  [["scripts/command.mjs", "scripts/members-seed-local.ts"], "seed:local"],
  [["scripts/command.mjs", "scripts/deploy-preflight-command.ts"], "deploy:preflight"],
  [["scripts/command.mjs", "scripts/deploy-secrets-command.ts"], "deploy:secrets"],
  [["scripts/command.mjs", "scripts/card-signing-key.ts"], "card:signing-key"],
  [["scripts/command.mjs", "tests/e2e/support/seed-member-pool.ts"], "serve:e2e"],
  [["scripts/load/run.mjs"], "load"],
  [["scripts/bench/run.mjs"], "bench"],
  [["scripts/ensure-chromium.mjs"], "test:e2e"],
];

function isOlder(version: string, than: string): boolean {
  const [a, b] = [version, than].map((text) => text.split(".").map(Number));
  for (let index = 0; index < 3; index++) {
    const difference = (a?.[index] ?? 0) - (b?.[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}

/** A `node` on the machine older than package.json's minimum (outside node_modules), with its version. */
function findOlderNode(): { path: string; version: string } | undefined {
  const folders = [
    ...(process.env.PATH ?? "").split(delimiter).filter((folder) => !folder.includes("node_modules")),
    "/usr/bin",
    "/usr/local/bin",
  ];
  for (const folder of folders) {
    const path = join(folder, "node");
    try {
      accessSync(path, constants.X_OK);
    } catch {
      continue;
    }
    const version = execFileSync(path, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
    if (isOlder(version, minimum)) return { path, version };
  }
  return undefined;
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function start(node: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(node, args, { encoding: "utf8", env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as ExecFileException & { stdout: string; stderr: string };
    return { code: typeof failed.code === "number" ? failed.code : -1, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("package.json's scripts", () => {
  it("start every Node entry through one of the checked entries, never a .ts file directly", () => {
    const started = Object.values(packageJson.scripts)
      .flatMap((script) => script.split("&&").map((step) => step.trim().split(/\s+/)))
      .filter(([program]) => program === "node")
      .map(([, file = "", target = ""]) => (file === "scripts/command.mjs" ? [file, target] : [file]).join(" "));
    expect(new Set(started)).toEqual(new Set(entries.map(([entry]) => entry.join(" "))));
  });
});

const older = findOlderNode();

describe.skipIf(!older)(
  `started with the machine's older Node (${older ? `${older.path}, ${older.version}` : `skipped: no Node older than ${minimum} on this machine`})`,
  () => {
    it.each(entries)(
      "%j names the Node it needs and npm run %s, and exits 1",
      async (entry, script) => {
        const outcome = await start(older?.path ?? "", [...entry, "--help"]);
        expect(outcome).toEqual({
          code: 1,
          stdout: "",
          stderr: `This command needs Node ${minimum} or later (package.json "engines"); this is Node ${older?.version}. Run it through npm run ${script}, which uses the project's own Node.\n`,
        });
      },
      COMMAND_TIMEOUT,
    );
  },
);

describe("started with the project's own Node", () => {
  it("is a Node the check accepts", () => {
    expect(isOlder(process.versions.node, minimum)).toBe(false);
  });

  // seed-member-pool.ts has no --help: it seeds .wrangler/e2e at once (npm run serve:e2e runs it).
  it.each(entries.filter(([entry]) => entry[0] === "scripts/command.mjs" && entry[1]?.startsWith("scripts/")))(
    "%j prints its usage for --help",
    async (entry, script) => {
      const outcome = await start(process.execPath, [...entry, "--help"]);
      // seed-local takes no --help: it refuses the unknown option with the same usage.
      expect(outcome.code, outcome.stderr).toBe(script === "seed:local" ? 1 : 0);
      expect(outcome.stdout + outcome.stderr).toContain(`npm run ${script} -- `);
      expect(outcome.stderr).not.toContain("This command needs Node");
    },
    COMMAND_TIMEOUT,
  );

  it.each([["scripts/load/run.mjs"], ["scripts/bench/run.mjs"]])(
    "%s loads its modules and reads its options",
    async (file) => {
      const outcome = await start(process.execPath, [file, "--no-such-option"]);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain("Unknown option '--no-such-option'");
      expect(outcome.stderr).not.toContain("This command needs Node");
    },
    COMMAND_TIMEOUT,
  );

  it("scripts/ensure-chromium.mjs finds the browser it is given", async () => {
    const outcome = await start(process.execPath, ["scripts/ensure-chromium.mjs"], {
      ...process.env,
      CHROMIUM_PATH: "/opt/given/chromium",
    });
    expect(outcome).toEqual({ code: 0, stdout: "e2e browser: /opt/given/chromium\n", stderr: "" });
  });

  it("scripts/command.mjs starts only the commands it lists", async () => {
    const outcome = await start(process.execPath, ["scripts/command.mjs", "scripts/members-cli.ts", "--help"]);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe("");
    expect(outcome.stderr).toMatch(
      /^Usage: node scripts\/command\.mjs <file> \[options\], where <file> is one of:\n {2}scripts\/members-create\.ts\n/,
    );
  });
});
