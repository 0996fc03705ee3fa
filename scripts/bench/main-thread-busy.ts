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
  /** Thread (CPU) time of the task: without the time the thread waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Per frame slot, in ms: the main thread's busy wall time, and the CPU time it used in it. */
export interface BusySlots {
  wall: number[];
  cpu: number[];
}

/** Starts tracing `page`; `stop` ends it and returns each slot's busy milliseconds. */
export async function traceMainThread(page: Page): Promise<{ stop(): Promise<BusySlots> }> {
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

function busySlots(events: TraceEvent[]): BusySlots {
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
  if (tasks.length === 0) return { wall: [], cpu: [] };
  tasks.sort((a, b) => a.ts - b.ts);
  // Nested tasks run inside their parent: only outermost ones count, each spread over its slots.
  const outer: { from: number; to: number; cpu: number }[] = [];
  for (const t of tasks) {
    const to = t.ts + (t.dur ?? 0);
    const last = outer.at(-1);
    if (last && t.ts < last.to) continue;
    outer.push({ from: t.ts, to, cpu: t.tdur ?? t.dur ?? 0 });
  }
  const start = outer[0].from;
  const n = Math.max(1, Math.ceil((outer.at(-1)!.to - start) / SLOT_US));
  const wall = new Array<number>(n).fill(0);
  const cpu = new Array<number>(n).fill(0);
  for (const { from, to, cpu: used } of outer)
    for (let k = Math.floor((from - start) / SLOT_US); k < n && start + k * SLOT_US < to; k++) {
      const overlap = Math.min(to, start + (k + 1) * SLOT_US) - Math.max(from, start + k * SLOT_US);
      wall[k] += overlap / 1000;
      cpu[k] += (to > from ? (used * overlap) / (to - from) : 0) / 1000;
    }
  return { wall, cpu };
}
