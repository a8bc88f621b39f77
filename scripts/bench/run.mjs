import "../node-version.mjs";

// The Node version check first; the rest loads after it (scripts/node-version.mjs says why).
const { execFileSync } = await import("node:child_process");
const { cpus } = await import("node:os");
const { readFileSync, writeFileSync } = await import("node:fs");
const { parseArgs } = await import("node:util");
const { measureWithLighthouse } = await import("./lighthouse.mjs");
const { measurePageWeight } = await import("./page-weight.mjs");
const { buildReport } = await import("./report.mjs");
const { measureThroughput } = await import("./server-cost.mjs");
const { measureSignInCost, signedInCookie } = await import("./sign-in-cost.mjs");
const { demoAccounts } = await import("../members-demo-accounts.ts");
const { signedInPerformance } = await import("./budgets.mjs");
const { startBuiltWorker } = await import("./workerd-server.mjs");
const { measureDoorVerify } = await import("./door-verify.mjs");

/**
 * `npm run bench` (README, "Measured quality"): builds the site, serves the production build on workerd, measures it
 * with Lighthouse, page weights and a load generator, does the same for a client-rendered build of
 * the same pages, writes docs/performance.md and exits 1 when a budget is missed.
 *
 *   npm run bench                 3 Lighthouse runs per page, 5 s load runs (about 20 minutes)
 *   npm run bench -- --quick      1 run each, no client-rendered comparison (a quick look)
 *   npm run bench -- --report     writes the report again from the last run's measurements
 */
const { values: options } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    report: { type: "boolean", default: false },
  },
});
/** The last run's measurements, kept so that the report can be written again without measuring. */
const RESULTS_FILE = ".wrangler/bench-results.json";
const runs = options.quick ? 1 : 3;
const serverSeconds = options.quick ? 3 : 5;
const SSR_PORT = 8810;
const SPA_PORT = 8815;
const PASSED_GATE = "age_gate=entered";
const SSR_STATE = ".wrangler/bench";
/** The server's APP_SIGNING_KEY, so the sign-in measurement can open the code sealed in the outbox. */
const BENCH_SIGNING_KEY = "bench-signing-key-with-at-least-32-characters";
/** Sign-in steps timed per kind (after one untimed round). */
const signInRounds = options.quick ? 10 : 30;
/** @type {string | null} The first post of /blog, found on the server-rendered site, measured on both. */
/** @type {string | undefined} */
let firstPost;

const step = (/** @type {string} */ message) => console.log(`bench: ${message}`);

const results = options.report ? JSON.parse(readFileSync(RESULTS_FILE, "utf8")) : await measure();
const { markdown, missed } = buildReport(results);
writeFileSync("docs/performance.md", markdown);
step(`wrote docs/performance.md: ${missed.length === 0 ? "every budget met" : `${missed.length} budget(s) missed`}`);
for (const miss of missed) console.log(`  missed: ${miss}`);
process.exit(missed.length === 0 ? 0 : 1);

/** Builds, measures both sites and keeps the measurements. */
async function measure() {
  if (!options["no-build"]) {
    step("building the production site");
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  }
  execFileSync("node", ["scripts/ensure-chromium.mjs"], { stdio: "inherit" });

  // The sign-in measurement asks the demo member's code many times in a row: the limits are
  // raised (every limit check still runs), and the demo accounts are seeded.
  const ssr = await measureSite(
    "server-rendered",
    () =>
      startBuiltWorker({
        port: SSR_PORT,
        persistTo: SSR_STATE,
        seed: true,
        vars: { SITE_URL: `http://127.0.0.1:${SSR_PORT}`, APP_SIGNING_KEY: BENCH_SIGNING_KEY, FORM_RATE_LIMIT_MULTIPLIER: "1000" },
      }),
    { signIn: true },
  );
  let spa = null;
  if (!options.quick) {
    step("building the client-rendered comparison");
    execFileSync("node", ["scripts/bench/spa/build.mjs"], { stdio: "inherit" });
    const { startSpaServer } = await import("./spa/serve.mjs");
    spa = await measureSite("client-rendered", () => startSpaServer({ port: SPA_PORT }));
  }
  const measured = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}, ${chromiumVersion()}`,
    runs,
    serverSeconds,
    ssr,
    spa,
  };
  writeFileSync(RESULTS_FILE, JSON.stringify(measured));
  return measured;
}

/**
 * Everything measured on one build: Lighthouse on each page, the first load of `/`, the
 * server's throughput and, for the server-rendered site, sign-in's server cost.
 * @param {string} name
 * @param {() => Promise<{ url: URL; stop: () => Promise<void> }>} start
 * @param {{ signIn?: boolean }} [measuring]
 */
async function measureSite(name, start, { signIn = false } = {}) {
  step(`starting the ${name} site`);
  const server = await start();
  try {
    const at = (/** @type {string} */ path) => new URL(path, server.url);
    firstPost ??= await firstBlogPostPath(server.url);
    const pages = [
      { key: "home", label: "/ (gate passed)", path: "/", cookie: PASSED_GATE, stretch: true },
      { key: "home-first-visit", label: "/ (first visit, gate)", path: "/" },
      { key: "memberships", label: "/memberships", path: "/memberships", cookie: PASSED_GATE },
      { key: "cigar-academy", label: "/cigar-academy", path: "/cigar-academy", cookie: PASSED_GATE },
      { key: "blog-post", label: firstPost, path: firstPost, cookie: PASSED_GATE },
      { key: "auth", label: "/auth", path: "/auth", cookie: PASSED_GATE },
      // The pages that hold a dialog's or a widget's form without JavaScript: the server-rendered
      // site's own (the client-rendered comparison has none).
      ...(signIn
        ? [
            { key: "executive-access", label: "/executive-access", path: "/executive-access", cookie: PASSED_GATE },
            { key: "contact", label: "/contact", path: "/contact", cookie: PASSED_GATE },
            { key: "sms-invitation", label: "/sms-invitation", path: "/sms-invitation", cookie: PASSED_GATE },
          ]
        : []),
    ];
    const lighthouse = [];
    for (const page of pages) {
      step(`${name}: Lighthouse ×${runs} ${page.label}`);
      const measured = measureWithLighthouse(at(page.path).href, { runs, headers: page.cookie ? { Cookie: page.cookie } : undefined });
      lighthouse.push({ ...page, ...measured });
    }

    step(`${name}: first-load weight of /`);
    const weight = await measurePageWeight(at("/"), { cookie: PASSED_GATE });

    // The signed-in pages, on the server-rendered site only (the client-rendered comparison has
    // no Worker to sign in to): the demo member's pages (the calendar's too) and two of the console's.
    const signedIn = [];
    if (signIn) {
      const session = { origin: server.url, persistTo: SSR_STATE, signingKey: BENCH_SIGNING_KEY, cookie: PASSED_GATE };
      const member = await signedInCookie({ ...session, email: demoAccounts.member.email, acceptRules: true });
      const concierge = await signedInCookie({ ...session, email: demoAccounts.concierge.email });
      const door = await signedInCookie({ ...session, email: demoAccounts.door.email });
      /** @param {string} path @param {string} cookie @param {number} performance */
      const signedInPage = (path, cookie, performance) => ({
        key: path.slice(1).replaceAll("/", "-"),
        label: path,
        path,
        cookie,
        performance,
      });
      const memberPage = (/** @type {string} */ path) => signedInPage(path, member, signedInPerformance.member);
      const staffPage = (/** @type {string} */ path) => signedInPage(path, concierge, signedInPerformance.staff);
      const signedInPages = [
        { ...memberPage("/members"), label: "/members (demo member)" },
        memberPage("/members/locker"),
        memberPage("/members/guests"),
        memberPage("/members/events"),
        { ...memberPage(await firstEventPath(server.url, member)), key: "members-event" },
        memberPage("/members/academy"),
        memberPage("/members/meeting-rooms"),
        // The member card: its first load's JavaScript (the QR and signing script loads after, on demand).
        memberPage("/members/card"),
        { ...staffPage("/concierge"), label: "/concierge (demo concierge)" },
        staffPage("/concierge/events"),
        staffPage("/concierge/dashboard"),
        // The door: its first load's JavaScript (the QR decoder loads after, on demand).
        { ...signedInPage("/door", door, signedInPerformance.staff), label: "/door (demo door staff)" },
      ];
      for (const page of signedInPages) {
        step(`${name}: Lighthouse ×${runs} ${page.label}`);
        const measured = measureWithLighthouse(at(page.path).href, { runs, headers: { Cookie: page.cookie } });
        step(`${name}: first-load weight of ${page.path}`);
        const { jsGzip, scripts } = await measurePageWeight(at(page.path), { cookie: page.cookie });
        signedIn.push({ ...page, cookie: undefined, ...measured, jsGzip, scripts });
      }
    }

    const stylesheet = await firstStylesheetPath(server.url);
    const endpoints = [
      { key: "health", label: "`/api/health`", path: "/api/health" },
      { key: "asset", label: `static asset \`${stylesheet}\``, path: stylesheet },
      { key: "home", label: "page `/`", path: "/" },
      { key: "memberships", label: "page `/memberships`", path: "/memberships" },
    ];
    const server_ = [];
    for (const connections of [1, 10]) {
      for (const endpoint of endpoints) {
        step(`${name}: load ${endpoint.path} at ${connections} connection(s)`);
        const measured = await measureThroughput(
          { url: at(endpoint.path), headers: { Cookie: PASSED_GATE } },
          { connections, seconds: serverSeconds, runs },
        );
        server_.push({ ...endpoint, connections, ...measured });
      }
    }
    let doorVerify = null;
    if (signIn) {
      step(`${name}: the door's verify time on the device, 200 scans`);
      const door = await signedInCookie({
        origin: server.url,
        persistTo: SSR_STATE,
        signingKey: BENCH_SIGNING_KEY,
        cookie: PASSED_GATE,
        email: demoAccounts.door.email,
      });
      doorVerify = await measureDoorVerify({ origin: server.url, cookie: door, memberName: demoAccounts.member.name, scans: 200 });
    }
    let signInCost = null;
    if (signIn) {
      step(`${name}: sign-in server cost, ${signInRounds} code requests, code checks and passkey checks at 1 connection`);
      signInCost = await measureSignInCost({
        origin: server.url,
        persistTo: SSR_STATE,
        signingKey: BENCH_SIGNING_KEY,
        email: demoAccounts.member.email,
        cookie: PASSED_GATE,
        rounds: signInRounds,
      });
    }
    return { lighthouse, weight, signedIn, server: server_, signIn: signInCost, doorVerify };
  } finally {
    await server.stop();
  }
}

/** The first post listed on /blog, as a visitor finds it. @param {URL} origin */
async function firstBlogPostPath(origin) {
  const html = await (await fetch(new URL("/blog", origin), { headers: { Cookie: PASSED_GATE } })).text();
  const match = html.match(/href="(\/blog\/[a-z0-9-]+)"/);
  if (!match?.[1]) throw new Error("no blog post listed on /blog");
  return match[1];
}

/** The first event the demo member's /members/events lists. @param {URL} origin @param {string} cookie */
async function firstEventPath(origin, cookie) {
  const html = await (await fetch(new URL("/members/events", origin), { headers: { Cookie: cookie } })).text();
  const match = html.match(/href="(\/members\/events\/[A-Za-z0-9-]+)"/);
  if (!match?.[1]) throw new Error("no event listed on /members/events for the demo member");
  return match[1];
}

/** The site's stylesheet, a fingerprinted static asset. @param {URL} origin */
async function firstStylesheetPath(origin) {
  const html = await (await fetch(new URL("/", origin), { headers: { Cookie: PASSED_GATE } })).text();
  const match = html.match(/href="(\/assets\/[^"]+\.css)"/);
  if (!match?.[1]) throw new Error("no stylesheet on /");
  return match[1];
}

function chromiumVersion() {
  try {
    return execFileSync("chromium", ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return "Chromium (version unknown)";
  }
}
