/**
 * Screenshots pages of a running app: `npx tsx scripts/screenshot.ts <baseUrl> <outDir> [path…]`.
 * With WF_SCREENSHOT_EMAIL and WF_SCREENSHOT_PASSWORD it signs in first (pages need an account).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "@/e2e/chromium-launch-options";

const [base = "http://127.0.0.1:3000", outDir = "data/screenshots", ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ["/", "/templates"];
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
if (process.env.WF_SCREENSHOT_EMAIL) {
  const res = await page.request.post(`${base}/api/trpc/auth.login`, {
    data: { email: process.env.WF_SCREENSHOT_EMAIL, password: process.env.WF_SCREENSHOT_PASSWORD ?? "" },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${await res.text()}`);
}
for (const p of pages) {
  await page.goto(base + p, { waitUntil: "networkidle" });
  // Let live data (tRPC queries, the SSE stream, React Flow's fitView) settle.
  await page.waitForTimeout(2500);
  const file = path.join(outDir, (p.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home") + ".png");
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}
await browser.close();
