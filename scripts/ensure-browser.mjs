// Makes sure e2e has a browser: Debian's Chromium at /usr/bin/chromium (installed with apt-get where
// that exists), else Playwright's own browser (`npx playwright install chromium`, on a laptop).
import { execSync } from "node:child_process";
import { hasCommand } from "./has-command.mjs";
import fs from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
const run = (cmd) => execSync(cmd, { stdio: "inherit" });

if (fs.existsSync(CHROMIUM)) {
  process.exit(0);
}
if (hasCommand("apt-get") && process.getuid?.() === 0) {
  console.log("ensure-browser: installing Debian's chromium (about a minute)…");
  run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null");
  if (fs.existsSync(CHROMIUM)) process.exit(0);
}
console.log("ensure-browser: no /usr/bin/chromium; using Playwright's own browser");
run("npx playwright install chromium");
