import type { Page } from "@playwright/test";

/** With WF_SCREENSHOTS=<folder>, the page at the two laptop sizes (for a person to look at); else nothing. */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.WF_SCREENSHOTS;
  if (!dir) return;
  const before = page.viewportSize();
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}x${height}.png` });
  }
  if (before) await page.setViewportSize(before);
}
