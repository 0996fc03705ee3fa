/** How e2e and screenshots start Chromium: Debian's when installed (with the flags it needs on this machine), else Playwright's. */
import fs from "node:fs";
import type { LaunchOptions } from "@playwright/test";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    ...(fs.existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
    // Without the background-networking flags Chromium keeps dialling out, which this network refuses.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  };
}
