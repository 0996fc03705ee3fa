/**
 * How busy a page's main thread is, frame slot by frame slot (16.7 ms, one 60 Hz frame), from a
 * Chrome trace of its top-level tasks. A slot busy for under 16 ms leaves the page room to draw its
 * frame on time; frame-to-frame times cannot say this (vsync caps them at 16.7 ms, and uncapped,
 * the page draws as often as it can).
 */
import type { Page } from "@playwright/test";

const SLOT_US = 1e6 / 60;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Starts tracing `page`; `stop` ends it and returns each slot's busy milliseconds. */
export async function traceMainThread(page: Page): Promise<{ stop(): Promise<number[]> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // CDP types trace events as string maps; they carry numbers (ts, dur, pid, tid).
  cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send("Tracing.start", { categories: "toplevel", transferMode: "ReportEvents" });
  return {
    async stop() {
      const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      await done;
      await cdp.detach();
      return busySlots(events);
    },
  };
}

function busySlots(events: TraceEvent[]): number[] {
  const mainThreads = new Set(
    events.filter((e) => e.ph === "M" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  // The page's renderer: the main thread that ran the most tasks.
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== "X" || e.name !== "ThreadControllerImpl::RunTask" || !mainThreads.has(key)) continue;
    const list = byThread.get(key);
    if (list) list.push(e);
    else byThread.set(key, [e]);
  }
  const tasks = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  if (tasks.length === 0) return [];
  tasks.sort((a, b) => a.ts - b.ts);
  // Nested tasks overlap their parent: the union of the intervals is the busy time.
  const busy: [number, number][] = [];
  for (const t of tasks) {
    const last = busy.at(-1);
    const end = t.ts + (t.dur ?? 0);
    if (last && t.ts <= last[1]) last[1] = Math.max(last[1], end);
    else busy.push([t.ts, end]);
  }
  const start = busy[0][0];
  const slots = new Array<number>(Math.max(1, Math.ceil((busy.at(-1)![1] - start) / SLOT_US))).fill(0);
  for (const [from, to] of busy)
    for (let k = Math.floor((from - start) / SLOT_US); k < slots.length && start + k * SLOT_US < to; k++)
      slots[k] += (Math.min(to, start + (k + 1) * SLOT_US) - Math.max(from, start + k * SLOT_US)) / 1000;
  return slots;
}
