/**
 * `npm run bench tick`: what one engine tick costs, in process, on a real SQLite file (docs/benchmarks.md,
 * "Ticks run to quiescence"):
 * - chains of 1 / 200 / 2,000 no-op nodes (checkpoints that continue on their own, the node `bench:api`
 *   runs): wall from `startRun` to its `run.finished` on the bus (published after the commit), per node = (wall(N) − wall(1)) / (N − 1), median of 7, and how
 *   many commits (transactions) and events the run took;
 * - bad input: a 100,000-node chain of such nodes (the largest plan), started as the server starts runs
 *   (`startRunGrouped`: in slices), while one-node runs keep being started beside it — the small runs' start →
 *   finished latency (p50, p95, max; goal: within 50 ms) while its start is under way and while it runs, the
 *   longest the event loop was held during its start; whether the chain finished with every event stored
 *   (ids 1…n without a gap), the largest commit, and the peak heap and RSS.
 *   `BENCH_TICK_SKIP_BIG=1` leaves it out.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { Template } from "@/lib/workflow/model/template-schema";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { openDatabase } from "@/server/db/open-database";
import { RunEngine, type EngineOptions } from "@/server/engine/orchestrator";
import { SqliteRunStore } from "@/server/engine/sqlite-run-store";
import { createRunEventBus } from "@/server/engine/event-bus";
import { fmt, median, percentile } from "./measure";

function chain(count: number): Template {
  const nodes = Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    name: `n${i}`,
    type: "checkpoint",
    auto_continue: true,
  }));
  const edges = nodes.slice(1).map((n, i) => ({ from: nodes[i].id, to: n.id }));
  const parsed = parseTemplate({
    template_id: `wft-bench-tick-${count}-20260101`,
    name: `chain ${count}`,
    nodes,
    edges,
    checkpoints: nodes.map((n) => n.id),
  });
  if (!parsed.ok) throw new Error(parsed.diagnostics.map((d) => d.message).join("; "));
  return parsed.template;
}

interface Bench {
  engine: RunEngine;
  store: SqliteRunStore;
  /** Resolves with the run's final status when its `run.finished` event is published (after its commit). */
  finished(runId: string): Promise<string>;
  counts: { commits: number; events: number; largest: number };
  close(): void;
}

/** An engine on a temporary SQLite file whose store counts its commits and the events in them. */
function benchEngine(options: Partial<EngineOptions<SqliteRunStore>> = {}): Bench {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-bench-tick-"));
  const db = openDatabase(path.join(dir, "wf.db"));
  const counts = { commits: 0, events: 0, largest: 0 };
  const store = new SqliteRunStore(db);
  const commit = store.commit.bind(store);
  store.commit = (batches) => {
    counts.commits++;
    const n = batches.reduce((s, b) => s + b.events.length, 0);
    counts.events += n;
    counts.largest = Math.max(counts.largest, n);
    return commit(batches);
  };
  const bus = createRunEventBus();
  const waiting = new Map<string, (status: string) => void>();
  const done = new Map<string, string>();
  bus.subscribeAll(({ runId, event }) => {
    if (event.type !== "run.finished") return;
    const w = waiting.get(runId);
    if (w) w(event.status);
    else done.set(runId, event.status);
  });
  const engine = new RunEngine({ store, bus, runsDir: path.join(dir, "runs"), ...options });
  return {
    engine,
    store,
    counts,
    // The state in memory is gone once a finished run is evicted; the bus says when it finished.
    finished: (runId) =>
      new Promise((resolve) => {
        const status = done.get(runId);
        if (status !== undefined) return (done.delete(runId), resolve(status));
        waiting.set(runId, (s) => (waiting.delete(runId), resolve(s)));
      }),
    close() {
      engine.detach();
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function timedChain(h: Bench, template: Template) {
  const t0 = performance.now();
  const { runId } = h.engine.startRun({ template });
  const status = await h.finished(runId);
  const ms = performance.now() - t0;
  if (status !== "succeeded") throw new Error(`chain ended ${status}`);
  return ms;
}

async function chains(): Promise<void> {
  const h = benchEngine();
  const counts = h.counts;
  const sizes = [1, 200, 2000];
  const templates = new Map(sizes.map((n) => [n, chain(n)]));
  for (const n of sizes) await timedChain(h, templates.get(n)!); // warm-up
  const walls = new Map<number, number[]>(sizes.map((n) => [n, []]));
  const perRun = new Map<number, { commits: number; events: number }>();
  for (let i = 0; i < 7; i++)
    for (const n of sizes) {
      const [c0, e0] = [counts.commits, counts.events];
      walls.get(n)!.push(await timedChain(h, templates.get(n)!));
      perRun.set(n, { commits: counts.commits - c0, events: counts.events - e0 });
    }
  const one = median(walls.get(1)!);
  for (const n of sizes) {
    const wall = median(walls.get(n)!);
    const per = n > 1 ? `, per node ${((wall - one) / (n - 1)).toFixed(4)} ms` : "";
    const c = perRun.get(n)!;
    console.log(
      `chain of ${String(n).padStart(5)}: wall p50 ${fmt(wall)}${per}; ${c.commits} commits, ${c.events} events`,
    );
  }
  h.close();
}

/** The bad input of issue #29: a chain of instant nodes that would keep one tick busy for seconds. */
const BIG_CHAIN = 100_000;

/**
 * One 100,000-node chain of instant nodes started while one-node runs keep being started beside it, one
 * after another, from before its start to after its end: their start → finished latency (p50, p95, max; goal
 * within 50 ms), the big run's start (validation, plan, its rows stored) and its finish with every event
 * stored (ids 1…n without a gap), the largest commit, the peak heap and RSS.
 */
async function badInput(instantNodesMs?: number): Promise<void> {
  const h = benchEngine(instantNodesMs === undefined ? {} : { instantNodesMs });
  console.log(
    instantNodesMs === undefined
      ? "the engine's defaults (a tick finishes at most 256 instant nodes):"
      : `as the server runs it (also at most ${instantNodesMs} ms of instant nodes a tick):`,
  );
  const counts = h.counts;
  const big = chain(BIG_CHAIN);
  const small = chain(1);
  await timedChain(h, small);
  let peakHeap = 0;
  let peakRss = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  };
  let finished = false;
  const latencies: number[] = [];
  const spans: [number, number][] = [];
  const notSucceeded: string[] = [];
  let started: () => void = () => {};
  const warm = new Promise<void>((resolve) => (started = resolve));
  // One small run at a time beside the big one: start → its run.finished published, each.
  const beside = (async () => {
    while (!finished) {
      sample();
      const s = performance.now();
      const r = await h.engine.startRunGrouped({ template: small });
      const status = await h.finished(r.runId);
      latencies.push(performance.now() - s);
      spans.push([s, performance.now()]);
      if (status !== "succeeded") notSucceeded.push(status);
      if (latencies.length === 20) started();
    }
  })();
  await warm;
  // How long the loop was held at a time while the big run started (in slices) and ran.
  const startLag = monitorEventLoopDelay({ resolution: 1 });
  startLag.enable();
  const t0 = performance.now();
  const id = (await h.engine.startRunGrouped({ template: big })).runId;
  const startMs = performance.now() - t0;
  startLag.disable();
  const status = await h.finished(id);
  finished = true;
  await beside;
  const wall = performance.now() - t0;
  sample();
  const expected = 2 + 2 * BIG_CHAIN;
  const stored = h.store.eventsAfter(id, 0);
  const gapless = stored.every((e, i) => e.id === i + 1);
  console.log(
    `a ${BIG_CHAIN.toLocaleString("en")}-node chain: ${status} in ${(wall / 1000).toFixed(2)} s (its start, in slices, until stored: ${fmt(startMs)}; the loop held at most ${fmt(startLag.max / 1e6)} at a time meanwhile), ${(((wall - startMs) / BIG_CHAIN) * 1000).toFixed(1)} µs a node; events stored ${stored.length} of ${expected}, ids without a gap: ${gapless}`,
  );
  // The small runs under way while the big run started, and the others.
  const heldUp = spans.map(([a, b]) => a < t0 + startMs && b > t0);
  const running = latencies.filter((_, i) => !heldUp[i]);
  const held = latencies.filter((_, i) => heldUp[i]);
  console.log(
    `  beside it, ${latencies.length} one-node runs one after another (${notSucceeded.length} not succeeded): start → finished p50 ${fmt(median(running))}, p95 ${fmt(percentile(running, 95))}, max ${fmt(Math.max(...running))} (goal ≤ 50 ms); the ${held.length} under way during its start: p50 ${fmt(median(held))}, p95 ${fmt(percentile(held, 95))}, max ${fmt(Math.max(...held))}`,
  );
  console.log(
    `  ${counts.commits} commits, largest ${counts.largest} events; peak heap ${(peakHeap / 2 ** 20).toFixed(0)} MB, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
  );
  h.close();
}

export default async function tickBench(): Promise<void> {
  await chains();
  if (process.env.BENCH_TICK_SKIP_BIG === "1") return;
  await badInput();
  // The server engine's bound (`SERVER_INSTANT_NODES_MS` in server/runtime/server-deps.ts).
  await badInput(2);
}
