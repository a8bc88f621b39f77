import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { systemChromiumPath } from "../chromium-path.mjs";
import { summarize } from "./stats.mjs";

/**
 * Lighthouse 13 with its default mobile preset (Moto G Power, simulated 4G and 4× CPU slowdown),
 * in the system Chromium, a fresh browser profile per run. Each page is measured `runs` times and
 * every metric is reported as the median with its range (README, "Measured quality", item 1).
 */
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * @param {string} url
 * @param {{ runs: number; headers?: Record<string, string> }} options
 * @returns {{ metrics: Record<string, ReturnType<typeof summarize>>; failedAudits: string[] }}
 */
export function measureWithLighthouse(url, { runs, headers }) {
  const chromePath = systemChromiumPath();
  if (!chromePath) throw new Error("Lighthouse needs a system Chromium (npm run test:e2e installs one: scripts/ensure-chromium.mjs)");
  const reports = [];
  for (let run = 0; run < runs; run += 1) reports.push(runWithRetries(url, chromePath, headers));

  /** @type {Record<string, number[]>} */
  const values = {};
  for (const report of reports) {
    for (const [key, value] of Object.entries(readMetrics(report))) (values[key] ??= []).push(value);
  }
  const metrics = Object.fromEntries(Object.entries(values).map(([key, list]) => [key, summarize(list)]));
  return { metrics, failedAudits: failedAudits(reports) };
}

/**
 * Headless Chromium now and then fails to record a trace (Lighthouse's NO_NAVSTART); such a run
 * measured nothing, so it is run again, at most twice.
 * @param {string} url @param {string} chromePath @param {Record<string, string> | undefined} headers
 */
function runWithRetries(url, chromePath, headers) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return runOnce(url, chromePath, headers);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`bench: Lighthouse failed on ${url} (attempt ${attempt}), running it again`);
    }
  }
}

/** @param {string} url @param {string} chromePath @param {Record<string, string> | undefined} headers */
function runOnce(url, chromePath, headers) {
  const folder = mkdtempSync(join(tmpdir(), "bench-lighthouse-"));
  const output = join(folder, "report.json");
  try {
    const args = [
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ];
    if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
    execFileSync("npx", ["lighthouse", ...args], { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "ignore", "pipe"] });
    return JSON.parse(readFileSync(output, "utf8"));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** @param {any} report */
function readMetrics(report) {
  const audit = (/** @type {string} */ id) => report.audits[id]?.numericValue;
  return {
    performance: report.categories.performance.score * 100,
    accessibility: report.categories.accessibility.score * 100,
    bestPractices: report.categories["best-practices"].score * 100,
    seo: report.categories.seo.score * 100,
    lcp: audit("largest-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbt: audit("total-blocking-time"),
    fcp: audit("first-contentful-paint"),
  };
}

/**
 * The scored audits that did not pass in any run, so a missed score comes with its cause.
 * @param {any[]} reports
 */
function failedAudits(reports) {
  const failed = new Set();
  for (const report of reports) {
    for (const category of Object.values(report.categories)) {
      for (const ref of /** @type {any} */ (category).auditRefs) {
        const audit = report.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative") {
          failed.add(`${ref.id} (${audit.displayValue ?? `score ${audit.score}`})`);
        }
      }
    }
  }
  return [...failed].sort();
}
