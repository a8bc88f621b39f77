import { existsSync } from "node:fs";

/** Where a system Chromium lives on Debian and most Linux images (Debian's package is `chromium`). */
const candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome-stable", "/usr/bin/google-chrome"];

/** The system browser Playwright should drive, or null to use Playwright's own download. */
export function systemChromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return candidates.find((path) => existsSync(path)) ?? null;
}
