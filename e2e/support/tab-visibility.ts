/**
 * Lets a test switch the page's visibility as a browser does when another tab comes to the front:
 * `document.visibilityState` / `hidden` follow the switch and a `visibilitychange` event fires.
 */
import type { Page } from "@playwright/test";

/** Call before the page loads; returns the switch. */
export async function controlTabVisibility(page: Page): Promise<(hidden: boolean) => Promise<void>> {
  await page.addInitScript(() => {
    let hidden = false;
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (hidden ? "hidden" : "visible"),
    });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    Object.assign(window, {
      __setHidden: (h: boolean) => {
        hidden = h;
        document.dispatchEvent(new Event("visibilitychange"));
      },
    });
  });
  return (hidden) =>
    page.evaluate((v) => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(v), hidden);
}
