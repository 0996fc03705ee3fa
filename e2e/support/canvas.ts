/** Canvas helpers for e2e: nodes by React Flow's data-id, handles, console errors. */
import { expect, type Locator, type Page } from "@playwright/test";

export const canvasOf = (page: Page) => page.getByTestId("workflow-canvas");

export const nodeOf = (page: Page, id: string): Locator => canvasOf(page).locator(`.react-flow__node[data-id="${id}"]`);

/** Clicks a node near its top-left corner (the minimap sits bottom-right and may cover the rest). */
export async function clickNode(page: Page, id: string, modifiers?: ("Shift" | "Control")[]): Promise<void> {
  await nodeOf(page, id).click({ position: { x: 12, y: 8 }, modifiers });
}

/** Ids of the workflow nodes on the canvas, in DOM order. */
export async function nodeIds(page: Page): Promise<string[]> {
  return canvasOf(page)
    .locator(".react-flow__node-workflow")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-id") ?? ""));
}

/** Drags from `from`'s output handle to `to`'s input handle, as a person does. */
export async function connect(page: Page, from: string, to: string): Promise<void> {
  const source = nodeOf(page, from).locator(".react-flow__handle.source");
  const target = nodeOf(page, to).locator(".react-flow__handle.target");
  const a = (await source.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** A node's position in flow coordinates (React Flow writes it into the node's transform). */
export async function flowPosition(page: Page, id: string): Promise<string> {
  return nodeOf(page, id).evaluate((el) => (el as HTMLElement).style.transform);
}

/** Collects console errors and uncaught exceptions; `expectNone` at the end of a test. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return { errors, expectNone: () => expect(errors).toEqual([]) };
}
