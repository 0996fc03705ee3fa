/**
 * Frame figures of the editor's bench (`npm run bench:ui`): frame-to-frame times while an action runs, and the
 * drag figures (frame times, main-thread busy time per frame slot, the press and the release on their own).
 */
import type { Page } from "@playwright/test";
import { traceMainThread } from "./main-thread-busy";
import { median, percentile } from "./measure";

/** Milliseconds to one decimal, as the editor bench prints them. */
export const f = (ms: number) => `${ms.toFixed(1)} ms`;

/** Frame-to-frame times (ms) recorded in the page while `action` runs. */
export async function frameTimes(page: Page, action: () => Promise<void>): Promise<number[]> {
  // A string, not a function: tsx names inner functions with a helper the page does not have.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__stop = false;
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (!window.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await action();
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__stop = true;
    return w.__frames.slice(1);
  });
}

/** Resolves in the page after its next two frames: what an input started has been drawn. */
const twoFrames = (page: Page) =>
  page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(0))))`);

/**
 * Frame times and the main thread's busy time per frame slot while a node is dragged 60 steps: from the
 * first move after the drag has begun to the last before the release. The press (it selects the node and
 * draws the inspector) and the release (one edit of the draft: validation, the saved draft) are single
 * interactions, timed on their own (input → its frame drawn).
 */
export async function dragFigures(page: Page, nodes: number) {
  const box = (await page.locator(".react-flow__node-workflow").first().boundingBox())!;
  const x = box.x + 60;
  const y = box.y + 30;
  await page.mouse.move(x, y);
  let t0 = Date.now();
  await page.mouse.down();
  await page.mouse.move(x + 4, y + 2); // past React Flow's drag threshold: the drag has begun
  await twoFrames(page);
  const press = Date.now() - t0;
  // A timeline trace of the part (WF_BENCH_UI_TRACE) holds the tracing session: no busy-slot figure then.
  const trace = process.env.WF_BENCH_UI_TRACE ? undefined : await traceMainThread(page);
  const drag = await frameTimes(page, async () => {
    for (let i = 2; i < 62; i++) await page.mouse.move(x + i * 4, y + i * 2);
  });
  const slots = await trace?.stop();
  const busy = slots?.wall;
  t0 = Date.now();
  await page.mouse.up();
  await twoFrames(page);
  const release = Date.now() - t0;
  const slotFigures = slots
    ? `; main thread busy per frame slot median ${f(median(slots.wall))}, p95 ${f(percentile(slots.wall, 95))}` +
      ` (its CPU time median ${f(median(slots.cpu))}, p95 ${f(percentile(slots.cpu, 95))}; ${slots.wall.length} slots)`
    : "";
  console.log(
    `drag a node at ${nodes} nodes: frame median ${f(median(drag))}, p95 ${f(percentile(drag, 95))} (${drag.length} frames)${slotFigures};` +
      ` press → drawn ${f(press)}, release → drawn ${f(release)}`,
  );
  if (busy)
    console.log(
      `  busiest slots: ${[...busy]
        .sort((a, b) => b - a)
        .slice(0, 10)
        .map((b) => b.toFixed(1))
        .join(", ")} ms`,
    );
}
