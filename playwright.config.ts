/**
 * e2e against the production build (`next build` first, then `next start` here) on a fixed test port
 * with its own temporary data folder. Debian's Chromium when present, else Playwright's own browser.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/chromium-launch-options";
import { ADMIN, ADMIN_STATE, API_TOKEN } from "./e2e/support/accounts";

const PORT = Number(process.env.E2E_PORT ?? 3217);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "wf-e2e-"));

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "list" : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    launchOptions: chromiumLaunchOptions(),
  },
  // The server starts with an admin (WF_ADMIN_*); `setup` signs it in once and every spec reuses the
  // cookie (pages and the `request` fixture alike). Specs about accounts use their own contexts.
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "chromium", dependencies: ["setup"], use: { storageState: ADMIN_STATE } },
  ],
  webServer: {
    command: `node node_modules/next/dist/bin/next start --hostname 127.0.0.1 --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/trpc/health.ping`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      WF_DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      WF_ADMIN_EMAIL: ADMIN.email,
      WF_ADMIN_PASSWORD: ADMIN.password,
      WF_API_TOKEN: API_TOKEN,
    },
  },
});
