import {
  doorVerifyBudget,
  lighthouseBudgets,
  meets,
  signInCostBudget,
  ssrCostBudget,
  stretchLcpOnHome,
  weightBudgets,
} from "./budgets.mjs";

/**
 * Turns the measurements into docs/performance.md: for each budget, the target, the median, the
 * range and a verdict; then the server-cost table and the server-rendered versus client-rendered
 * comparison. Returns the markdown and the budgets that were missed.
 */

/** @param {number} value @param {string} unit */
function format(value, unit) {
  if (value === undefined || Number.isNaN(value)) return "n/a";
  switch (unit) {
    case "ms":
      return `${Math.round(value)} ms`;
    case "ms/request":
      return `${value.toFixed(2)} ms`;
    case "cls":
      return value.toFixed(3);
    case "kB":
      return `${(value / 1000).toFixed(1)} kB`;
    case "score":
      return String(Math.round(value));
    default:
      return String(value);
  }
}

/** @param {{ target: number; unit: string; kind: string }} budget */
function formatTarget(budget) {
  const target = budget.unit === "kB" ? budget.target * 1000 : budget.target;
  return `${budget.kind === "atMost" ? "≤" : "≥"} ${format(target, budget.unit)}`;
}

/** @param {{ median: number; min: number; max: number }} summary @param {string} unit */
function range(summary, unit) {
  return summary.min === summary.max ? format(summary.min, unit) : `${format(summary.min, unit)} – ${format(summary.max, unit)}`;
}

/**
 * @param {any} results
 * @returns {{ markdown: string; missed: string[] }}
 */
export function buildReport(results) {
  /** @type {string[]} */
  const missed = [];
  let checked = 0;
  /** @param {string} what @param {any} budget @param {{ median: number; min: number; max: number }} summary */
  const row = (what, budget, summary) => {
    const bytes = budget.unit === "kB";
    const target = bytes ? budget.target * 1000 : budget.target;
    const ok = meets({ ...budget, target }, summary.median);
    if (!budget.stretch) {
      checked += 1;
      if (!ok) missed.push(`${what}: ${budget.label} ${format(summary.median, budget.unit)} (target ${formatTarget(budget)})`);
    }
    const verdict = ok ? "met" : budget.stretch ? "not reached (stretch)" : "**missed**";
    return `| ${what} | ${budget.label} | ${formatTarget(budget)} | ${format(summary.median, budget.unit)} | ${range(summary, budget.unit)} | ${verdict} |`;
  };
  const single = (/** @type {number} */ value) => ({ median: value, min: value, max: value });

  const lines = [];
  const { ssr, spa, machine, runs } = results;

  lines.push("## 1. Lighthouse 13, mobile preset (simulated throttling)", "");
  lines.push(`Median of ${runs} runs per page, each in a fresh Chromium profile.`, "");
  lines.push("| page | metric | target | median | min – max | verdict |", "| --- | --- | --- | --- | --- | --- |");
  for (const page of ssr.lighthouse) {
    for (const [key, budget] of Object.entries(lighthouseBudgets)) lines.push(row(page.label, budget, page.metrics[key]));
    if (page.stretch) lines.push(row(page.label, stretchLcpOnHome, page.metrics.lcp));
  }
  lines.push("", "Audits that did not pass in at least one run:", "");
  for (const page of ssr.lighthouse) lines.push(`- ${page.label}: ${page.failedAudits.length ? page.failedAudits.join("; ") : "none"}`);

  // Results written before the signed-in pages were measured have none.
  const signedIn = ssr.signedIn ?? [];
  if (signedIn.length > 0) {
    lines.push("", "### Signed-in pages", "");
    lines.push(
      "Signed in with an emailed code as the demo member (club rules accepted) and as the demo concierge; Performance budget as stated, the other scores and metrics as above except SEO (these pages ask not to be indexed, so is-crawlable fails by design), and the first load's JavaScript within the budget of `/`.",
      "",
    );
    lines.push("| page | metric | target | median | min – max | verdict |", "| --- | --- | --- | --- | --- | --- |");
    for (const page of signedIn) {
      for (const [key, budget] of Object.entries(lighthouseBudgets)) {
        // Private pages ask search engines not to index them, so Lighthouse's SEO (is-crawlable) is no budget here.
        if (key === "seo") continue;
        lines.push(row(page.label, key === "performance" ? { ...budget, target: page.performance } : budget, page.metrics[key]));
      }
      lines.push(row(page.label, weightBudgets.jsGzip, single(page.jsGzip)));
    }
    lines.push("", "Audits that did not pass in at least one run:", "");
    for (const page of signedIn) lines.push(`- ${page.label}: ${page.failedAudits.length ? page.failedAudits.join("; ") : "none"}`);
  }

  // Results written before the door was measured have none.
  if (ssr.doorVerify) {
    lines.push("", "### The door's verify time on the device", "");
    lines.push(
      `The door page in Chromium, signed in as the demo door staff, its list synced: ${ssr.doorVerify.scans} live codes of the demo member's card handed to the function the camera scanner calls, each timed by the page's marks from the decoded text to the frame that shows the verdict. Median ${format(ssr.doorVerify.median, "ms")}.`,
      "",
    );
    lines.push("| page | metric | target | 95th percentile | min – max | verdict |", "| --- | --- | --- | --- | --- | --- |");
    lines.push(row("/door", doorVerifyBudget, { median: ssr.doorVerify.p95, min: ssr.doorVerify.min, max: ssr.doorVerify.max }));
  }

  lines.push("", "## 2. Weight of the first load of `/` (age gate passed)", "");
  lines.push("| page | budget | target | measured | | verdict |", "| --- | --- | --- | --- | --- | --- |");
  for (const [key, budget] of Object.entries(weightBudgets)) {
    const value = key === "thirdPartyRequests" ? ssr.weight.thirdPartyRequests.length : ssr.weight[key];
    lines.push(row("/", budget, single(value)));
  }
  lines.push("", "Scripts of the first load (gzip):", "");
  for (const script of ssr.weight.scripts) lines.push(`- \`${script.path}\` ${format(script.gzip, "kB")}`);

  lines.push("", "## 3. Server cost on workerd (Miniflare's own socket, no dev proxy)", "");
  lines.push(
    `autocannon on the same machine, ${runs} runs of ${results.serverSeconds} s each after a warm-up; medians, range in brackets.`,
    "",
  );
  lines.push(
    "| endpoint | connections | requests/s | p50 | p99 | ms per request (1 / throughput) |",
    "| --- | --- | --- | --- | --- | --- |",
  );
  for (const entry of ssr.server) {
    const perRequest = (1000 / entry.requestsPerSecond.median) * entry.connections;
    lines.push(
      `| ${entry.label} | ${entry.connections} | ${Math.round(entry.requestsPerSecond.median)} (${Math.round(entry.requestsPerSecond.min)}–${Math.round(entry.requestsPerSecond.max)}) | ${entry.p50.median} ms | ${entry.p99.median} ms | ${entry.connections === 1 ? perRequest.toFixed(2) : "–"} |`,
    );
  }
  const at = (/** @type {any[]} */ list, /** @type {string} */ key, /** @type {number} */ connections) =>
    list.find((entry) => entry.key === key && entry.connections === connections);
  const ssrHome = at(ssr.server, "home", 1);
  const health = at(ssr.server, "health", 1);
  lines.push("");
  lines.push(
    `SSR \`/\` ÷ health check throughput at 1 connection: **${(ssrHome.requestsPerSecond.median / health.requestsPerSecond.median).toFixed(2)}**.`,
    "",
  );
  lines.push("| page | budget | target | median | min – max | verdict |", "| --- | --- | --- | --- | --- | --- |");
  const perRequest = (/** @type {number} */ rps) => 1000 / rps;
  lines.push(
    row("/", ssrCostBudget, {
      median: perRequest(ssrHome.requestsPerSecond.median),
      min: perRequest(ssrHome.requestsPerSecond.max),
      max: perRequest(ssrHome.requestsPerSecond.min),
    }),
  );

  if (ssr.signIn) {
    lines.push("", "## 4. Sign-in server cost (no passwords: decision 008)", "");
    lines.push(
      `One connection, one request after the other: ${ssr.signIn.codeRequest.runs} of each, after an untimed first round; each timed from sending to the end of its answer (the client's share included, so upper bounds). A code request is /auth's 'Email Me a Code' form for an active member, the page rendered again; a code check is 'Sign In' with the right code, read from the sealed email in the outbox; a passkey check is \`POST /api/passkeys/sign-in\` with a software authenticator's assertion. A password check cost about 2,500 ms of CPU (decision 005).`,
      "",
    );
    lines.push("| step | budget | target | median | min – max | verdict |", "| --- | --- | --- | --- | --- | --- |");
    lines.push(row("code request", signInCostBudget, ssr.signIn.codeRequest));
    lines.push(row("code check", signInCostBudget, ssr.signIn.codeCheck));
    lines.push(row("passkey check", signInCostBudget, ssr.signIn.passkeyCheck));
  }

  if (spa) {
    lines.push("", "## 5. Server rendering versus the client-rendered build of the same pages", "");
    lines.push(
      "The client-rendered build (`scripts/bench/spa/`) renders the same page components in the browser, each page a lazy chunk behind 'Loading...', as the original product's single-page app did. Same Lighthouse preset and runs; medians.",
      "",
    );
    lines.push("| page | metric | server-rendered | client-rendered |", "| --- | --- | --- | --- |");
    for (const page of spa.lighthouse) {
      const twin = ssr.lighthouse.find((/** @type {{ key: string }} */ candidate) => candidate.key === page.key);
      if (!twin) continue;
      for (const [key, budget] of Object.entries(lighthouseBudgets)) {
        lines.push(
          `| ${page.label} | ${budget.label} | ${format(twin.metrics[key].median, budget.unit)} | ${format(page.metrics[key].median, budget.unit)} |`,
        );
      }
      lines.push(`| ${page.label} | FCP | ${format(twin.metrics.fcp.median, "ms")} | ${format(page.metrics.fcp.median, "ms")} |`);
    }
    lines.push("", "| first load of `/` | server-rendered | client-rendered |", "| --- | --- | --- |");
    for (const key of /** @type {const} */ (["jsGzip", "cssGzip", "htmlGzip"])) {
      lines.push(`| ${weightBudgets[key].label} | ${format(ssr.weight[key], "kB")} | ${format(spa.weight[key], "kB")} |`);
    }
    lines.push("", "| server | server-rendered | client-rendered |", "| --- | --- | --- |");
    for (const entry of spa.server) {
      // The client-rendered site has no API: its "health check" is index.html like any path.
      if (entry.key === "health") continue;
      const twin = at(ssr.server, entry.key, entry.connections);
      const label = entry.key === "asset" ? "the stylesheet (static asset)" : entry.label;
      if (twin)
        lines.push(
          `| ${label}, ${entry.connections} conn. (requests/s) | ${Math.round(twin.requestsPerSecond.median)} | ${Math.round(entry.requestsPerSecond.median)} |`,
        );
    }
    lines.push("", "Audits the client-rendered pages did not pass in at least one run:", "");
    for (const page of spa.lighthouse) lines.push(`- ${page.label}: ${page.failedAudits.length ? page.failedAudits.join("; ") : "none"}`);
  }

  const header = [
    "# Performance report",
    "",
    `Written by \`npm run bench\` on ${results.date} (${machine}). Do not edit by hand: run it again.`,
    "The production build is measured: `npm run build`, served by workerd with local D1 and KV.",
    "",
    `**${checked - missed.length} of ${checked} budgets met.**${missed.length ? " Missed:" : ""}`,
    "",
    ...missed.map((miss) => `- ${miss}`),
    "",
    "Why a budget is missed, and what it would cost to meet it: [performance-notes.md](performance-notes.md).",
    "",
  ];
  return { markdown: [...header, ...lines, ""].join("\n"), missed };
}
