import { defineConfig, devices } from "@playwright/test";
import { systemChromiumPath } from "./scripts/chromium-path.mjs";

// E2E_PORT lets two suites run side by side on one machine.
const port = Number(process.env.E2E_PORT ?? 8790);
const executablePath: string | null = systemChromiumPath();

// The end-to-end suite runs against the production build on workerd (`wrangler dev` of
// build/server), with its own fresh local D1 and KV under .wrangler/e2e.
export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
        },
      },
    },
  ],
  webServer: {
    command: `npm run serve:e2e -- --port ${port} --var SITE_URL:http://localhost:${port}`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
