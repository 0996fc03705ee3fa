/**
 * `npm run bench tick`: what one engine tick costs, in process, on a real SQLite file (docs/benchmarks.md,
 * "Ticks run to quiescence"):
 * - chains of 1 / 200 / 2,000 no-op nodes (checkpoints that continue on their own, the node `bench:api`
 *   runs): wall from `startRun` to its `run.finished` on the bus (published after the commit), per node = (wall(N) − wall(1)) / (N − 1), median of 7, and how
 *   many commits (transactions) and events the run took;
 * - bad input: 100,000 such nodes at once (two 50,000-node chains, the largest plan) while one-node runs keep
 *   being started beside them — the small runs' start → finished latency (p50, p95, max; goal: within 50 ms),
 *   whether the big runs finished with every event stored (ids 1…n without a gap), the largest commit, and
 *   the peak heap and RSS. `BENCH_TICK_SKIP_BIG=1` leaves it out.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Template } from "@/lib/workflow/model/template-schema";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { MAX_PLANNED_NODES } from "@/lib/workflow/run/run-plan";
import { openDatabase } from "@/server/db/open-database";
import { RunEngine } from "@/server/engine/orchestrator";
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
function benchEngine(): Bench {
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
  const engine = new RunEngine({ store, bus, runsDir: path.join(dir, "runs") });
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

/**
 * A plan holds at most MAX_PLANNED_NODES (50,000: RUN032 refuses a 100,000-node chain before it starts), so
 * the bad input is two such chains at once — 100,000 instant nodes in one engine.
 */
async function badInput(): Promise<void> {
  const h = benchEngine();
  const counts = h.counts;
  const big = chain(MAX_PLANNED_NODES);
  const small = chain(1);
  await timedChain(h, small);
  let peakHeap = 0;
  let peakRss = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  };
  const t0 = performance.now();
  const ids = [h.engine.startRun({ template: big }).runId, h.engine.startRun({ template: big }).runId];
  const startMs = performance.now() - t0;
  let finished = false;
  const done = Promise.all(ids.map((id) => h.finished(id))).then((s) => {
    finished = true;
    return s;
  });
  // One small run at a time beside the big ones: start → its run.finished published, each.
  const latencies: number[] = [];
  const notSucceeded: string[] = [];
  while (!finished) {
    sample();
    const s = performance.now();
    const r = await h.engine.startRunGrouped({ template: small });
    const status = await h.finished(r.runId);
    latencies.push(performance.now() - s);
    if (status !== "succeeded") notSucceeded.push(status);
  }
  const statuses = await done;
  const wall = performance.now() - t0;
  sample();
  const expected = 2 + 2 * MAX_PLANNED_NODES;
  const stored = ids.map((id) => h.store.eventsAfter(id, 0));
  const gapless = stored.every((events) => events.every((e, i) => e.id === i + 1));
  const nodes = 2 * MAX_PLANNED_NODES;
  console.log(
    `2 × ${MAX_PLANNED_NODES.toLocaleString("en")}-node chains at once: ${statuses.join(", ")} in ${(wall / 1000).toFixed(2)} s (both startRun ${fmt(startMs)}), ${(((wall - startMs) / nodes) * 1000).toFixed(1)} µs a node; events stored ${stored.map((e) => e.length).join(" + ")} of ${expected} each, ids without a gap: ${gapless}`,
  );
  console.log(
    `  beside them, ${latencies.length} one-node runs one after another (${notSucceeded.length} not succeeded): start → finished p50 ${fmt(median(latencies))}, p95 ${fmt(percentile(latencies, 95))}, max ${fmt(Math.max(...latencies))} (goal ≤ 50 ms)`,
  );
  console.log(
    `  ${counts.commits} commits, largest ${counts.largest} events; peak heap ${(peakHeap / 2 ** 20).toFixed(0)} MB, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
  );
  h.close();
}

export default async function tickBench(): Promise<void> {
  await chains();
  if (process.env.BENCH_TICK_SKIP_BIG !== "1") await badInput();
}
