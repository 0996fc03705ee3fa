/**
 * Screenshots pages of a running app: `npx tsx scripts/screenshot.ts <baseUrl> <outDir> [path…]`.
 * With WF_SCREENSHOT_EMAIL and WF_SCREENSHOT_PASSWORD it signs in first (pages need an account).
 * WF_SCREENSHOT_SIZES (default `1280x720,1440x900`) lists the window sizes; each page is taken at each
 * size as the window shows it (not the full page: the editor and run pages must fit one screen).
 * WF_SCREENSHOT_THEME=dark takes them in the dark colour scheme.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "@/e2e/chromium-launch-options";

const [base = "http://127.0.0.1:3000", outDir = "data/screenshots", ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ["/", "/templates"];
const sizes = (process.env.WF_SCREENSHOT_SIZES ?? "1280x720,1440x900").split(",").map((s) => {
  const [width, height] = s.split("x").map(Number);
  return { width, height };
});
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const viewport of sizes) {
  const context = await browser.newContext({
    viewport,
    colorScheme: process.env.WF_SCREENSHOT_THEME === "dark" ? "dark" : "light",
  });
  const page = await context.newPage();
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
    const name = (p.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home") + `-${viewport.width}x${viewport.height}`;
    const file = path.join(outDir, name + ".png");
    await page.screenshot({ path: file });
    const scrolls = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight);
    console.log(file, scrolls ? "(the page scrolls)" : "");
  }
  await context.close();
}
await browser.close();
