// Makes sure the end-to-end tests have a browser: a system Chromium if there is one;
// as root on Debian, the `chromium` package; otherwise Playwright's own download.
import "./node-version.mjs";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { systemChromiumPath } from "./chromium-path.mjs";

/** @param {string} command @param {string[]} args */
const run = (command, args) => execFileSync(command, args, { stdio: "inherit" });

if (systemChromiumPath()) {
  console.log(`e2e browser: ${systemChromiumPath()}`);
} else if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  console.log("e2e browser: installing Debian's chromium package");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"]);
} else {
  console.log("e2e browser: installing Playwright's Chromium");
  run("npx", ["playwright", "install", "--with-deps", "chromium"]);
}
