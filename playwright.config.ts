import { defineConfig, devices } from "@playwright/test";
import { systemChromiumPath } from "./scripts/chromium-path.mjs";
import { e2eWorkerVars } from "./tests/e2e/support/worker-vars.ts";

// E2E_PORT lets two suites run side by side on one machine.
const port = Number(process.env.E2E_PORT ?? 8790);
const siteverifyPort = port + 6;

// The Worker under test talks to a local fake of Google's siteverify (tests/e2e/support/fakes), with
// form limits raised so the suite's many submissions from one address are not throttled.
const workerVars = e2eWorkerVars(port, siteverifyPort);
const varFlags = Object.entries(workerVars)
  .map(([name, value]) => `--var ${name}:${value}`)
  .join(" ");
const executablePath: string | null = systemChromiumPath();

const desktopChromium = {
  ...devices["Desktop Chrome"],
  // Wide enough for the header's full navigation (the "nav" breakpoint, 90rem).
  viewport: { width: 1600, height: 900 },
  launchOptions: {
    ...(executablePath ? { executablePath } : {}),
    args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  },
};

// The end-to-end suite runs against the production build on workerd (`wrangler dev` of
// build/server), with its own fresh local D1 and KV under .wrangler/e2e.
export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  // Member tests sign in (an emailed code read from the outbox) and run full axe scans, which take
  // seconds on a busy shared machine.
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
  },
  expect: {
    // Screenshots (tests/e2e/visual, README.md#screenshot-comparisons): no animation, no caret, CSS
    // pixels; a few pixels of anti-aliasing may differ, a moved button may not.
    toHaveScreenshot: { animations: "disabled", caret: "hide", scale: "css", maxDiffPixelRatio: 0.001 },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: ["no-js/**", "visual/**"],
      use: desktopChromium,
    },
    {
      // Every control that opens something, with JavaScript off (README.md#screenshot-comparisons).
      name: "no-js",
      testMatch: "no-js/**/*.spec.ts",
      use: { ...desktopChromium, javaScriptEnabled: false },
    },
    {
      name: "visual",
      testMatch: "visual/**/*.spec.ts",
      snapshotPathTemplate: "{testDir}/visual/baselines/{arg}{ext}",
      use: desktopChromium,
    },
  ],
  webServer: [
    {
      command: `node tests/e2e/support/fakes/siteverify-server.mjs`,
      env: { SITEVERIFY_PORT: String(siteverifyPort) },
      port: siteverifyPort,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `npm run serve:e2e -- --port ${port} ${varFlags}`,
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
