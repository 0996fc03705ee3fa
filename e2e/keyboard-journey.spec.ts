/**
 * A keyboard-only journey, no mouse: create a workflow, add three nodes with the node creator, connect
 * two more with the inspector, edit a field, save, run — with the focus visible at every step.
 */
import { expect, test, type Page } from "@playwright/test";
import { mutate } from "./run-fixtures";
import { canvasOf, nodeIds } from "./support/canvas";

test.use({ viewport: { width: 1280, height: 720 } });

/** The focused element, and whether it shows a focus ring (outline or box-shadow). */
async function focusShown(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: "body", visible: false };
    const style = getComputedStyle(el);
    // An edge (SVG) shows focus by its path's stroke.
    const path = el instanceof SVGElement ? el.querySelector(".react-flow__edge-path") : null;
    const ring = path
      ? parseFloat(getComputedStyle(path).strokeWidth) >= 3
      : (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
    return {
      tag: `${el.tagName.toLowerCase()}${el.getAttribute("aria-label") ? `[${el.getAttribute("aria-label")}]` : ""}`,
      visible: ring,
    };
  });
}

/** Tabs forward until the focused element matches, checking each stop shows its focus. */
async function tabTo(page: Page, matches: (label: string) => boolean, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const f = await focusShown(page);
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const label = (el as HTMLInputElement | null)?.labels?.[0]?.textContent ?? "";
      return `${el?.getAttribute("aria-label") ?? ""}|${el?.textContent?.trim() ?? ""}|${el?.id ?? ""}|${label}`;
    });
    expect(f.visible, `focus ring on ${f.tag} (${label})`).toBe(true);
    if (matches(label)) return;
  }
  throw new Error("never reached the control by Tab");
}

async function addWithCreator(page: Page, query: string) {
  await page.keyboard.press("/");
  const search = page.getByRole("combobox", { name: "Search node types" });
  await expect(search).toBeFocused();
  await page.keyboard.type(query);
  await page.keyboard.press("Enter");
}

// The journey draws an agent node, and a run needs an agent provider for it: `cat` (a real program) stands
// in, saved in Settings for this test only (other specs start from a fresh install without one).
const PROVIDER = "keyboard-journey-cat";
test.beforeEach(({ request }) => mutate(request, "provider.save", { name: PROVIDER, kind: "cli", command: ["cat"] }));
test.afterEach(({ request }) => mutate(request, "provider.delete", { name: PROVIDER }));

test("create, add three nodes with the creator, connect, edit, save, run — by keyboard alone", async ({ page }) => {
  await page.goto("/compose");
  await expect(page.getByRole("textbox", { name: "Describe the workflow" })).toBeVisible();
  // Nothing is focused yet: `/` opens the creator.
  await addWithCreator(page, "shell");
  await expect.poll(() => nodeIds(page)).toEqual(["N-001"]);
  await addWithCreator(page, "agent");
  await addWithCreator(page, "shell");
  await expect.poll(() => nodeIds(page)).toEqual(["N-001", "N-002", "N-003"]);
  // Each came after the one selected before it: N-001 → N-002 → N-003.
  await expect(canvasOf(page).locator(".react-flow__edge")).toHaveCount(2);
  await expect(canvasOf(page).locator('.react-flow__node[data-id="N-003"]')).toHaveClass(/selected/);

  // Connect N-001 straight to N-003 with the inspector's "connect to": Tab to the node, Enter selects it.
  await tabTo(page, (l) => l.includes("N-001") && l.includes("shell node"));
  await page.keyboard.press("Enter");
  const inspector = page.getByRole("region", { name: "Inspector" });
  await expect(inspector.locator('[data-node-id="N-001"]')).toBeVisible();
  await tabTo(page, (l) => l.includes("connect-to"));
  await page.keyboard.press("ArrowDown");
  await expect(inspector.getByRole("combobox", { name: "connect to" })).toHaveValue("N-003");
  await tabTo(page, (l) => l.includes("Add edge"));
  await page.keyboard.press("Enter");
  await expect(canvasOf(page).locator(".react-flow__edge")).toHaveCount(3);

  // Edit: N-001's command.
  await tabTo(page, (l) => l.endsWith("|args_template"));
  await page.keyboard.press("Control+a");
  await page.keyboard.type("echo typed by keyboard");
  await expect(canvasOf(page).locator('.react-flow__node[data-id="N-001"]')).toContainText("echo typed by keyboard");

  // Save (Ctrl S from the field) and run.
  await page.keyboard.press("Control+s");
  await expect(page).toHaveURL(/\/templates\/tpl_/);
  await expect(page.getByRole("button", { name: "Run…" })).toBeEnabled();
  await tabTo(page, (l) => l.startsWith("|Run…"));
  await page.keyboard.press("Enter");
  await tabTo(page, (l) => l.includes("Start run"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/runs\//);
  await expect(page.getByTestId("run-status")).toHaveText(/running|succeeded|failed|pending/);
});
