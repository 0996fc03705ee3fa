/**
 * `npm run bench:scale` (docs/benchmarks.md, "Nodes on workers"): nodes through the PostgreSQL job queue on real
 * `wf worker` processes, on a private PostgreSQL cluster (WF_TEST_DATABASE_URL's server when set). One engine owns
 * the runs (`PgRunStore` with node jobs, `createQueueNodeLauncher`); the workers run `true` shell nodes (a process
 * each, in the sandbox the environment gives). Printed:
 * - node completions per second with 1 and 2 workers (2,000 independent nodes, 16 at once per worker);
 * - enqueue → start: from the commit that stores `node.started` (with its job) to the worker's first heartbeat for
 *   that attempt, which it sends when it takes the job — one node at a time, 200 of them (p50 / p95 / max);
 * - node launched → its answer applied in the owner, the same 200;
 * - each worker's RSS after the throughput runs (its own process; its spawner helpers beside it);
 * - a SIGKILLed worker: kill → its node interrupted in the owner, with WF_WORKER_LOST_S=3.
 * `run.start` over HTTP on PostgreSQL beside SQLite is `serve-pg.bench.ts` (`npm run bench:scale` runs both).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { Template } from "@/lib/workflow/model/template-schema";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { migratePg } from "@/server/db/pg/migrate-pg";
import { launchToken } from "@/server/engine/launch-token";
import { parseBeat, WORKER_BEATS_CHANNEL } from "@/server/engine/node-jobs";
import { RunEngine } from "@/server/engine/orchestrator";
import { PgRunStore } from "@/server/engine/pg-run-store";
import { createQueueNodeLauncher } from "@/server/engine/queue-node-launcher";
import { benchDatabase } from "./bench-postgres";
import { ROOT } from "./bench-server";
import { startWorker, stopWorkers, type Worker } from "./bench-worker";
import { fmt, median, percentile } from "./measure";

const LOST_S = 3;

function template(id: string, nodes: { id: string; command: string; retries?: number }[]): Template {
  const parsed = parseTemplate({
    template_id: id,
    name: id,
    nodes: nodes.map((n) => ({ id: n.id, name: n.id, type: "shell", args_template: n.command, retries: n.retries })),
    edges: [],
  });
  if (!parsed.ok) throw new Error(parsed.diagnostics.map((d) => d.message).join("; "));
  return parsed.template;
}

function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)/m);
  return line ? Number(line[1]) / 1024 : NaN;
}

/** CPU seconds of the processes whose command name is `comm` (utime + stime, and their reaped children's). */
function cpuSeconds(match: (pid: number, comm: string) => boolean): number {
  let ticks = 0;
  for (const p of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (!match(Number(p), comm)) continue;
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // gone
    }
  }
  return ticks / 100;
}

/** The machine's busy CPU seconds so far, over all cores (everything but idle and iowait). */
function machineBusySeconds(): number {
  const [, ...f] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return (total - f[3] - f[4]) / 100;
}

/** RSS of a process's children (the spawner helpers of a worker), summed. */
function childrenRssMb(pid: number): number {
  let sum = 0;
  for (const p of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) sum += rssMb(Number(p));
    } catch {
      // gone
    }
  }
  return sum;
}

export default async function scaleBench(): Promise<void> {
  const database = await benchDatabase("wf_bench_scale");
  const { url } = database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-bench-scale-"));
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const launcher = createQueueNodeLauncher({ pool, owner: "bench", lostMs: LOST_S * 1000, log: () => {} });
  const workers: Worker[] = [];
  try {
    await migratePg(pool, path.join(ROOT, "drizzle/pg"));
    await launcher.start();
    const launchedAt = new Map<string, number>();
    /** `runId:nodeId` → its (last) launch token. */
    const keyOf = new Map<string, string>();
    const answeredAt = new Map<string, number>();
    const launch = launcher.launch;
    const engine = new RunEngine({
      store: new PgRunStore(pool, { nodeJobs: { owner: launcher.owner } }),
      runsDir: path.join(dataDir, "runs"),
      concurrency: { global: 64, perRun: 64 },
      launchNode: (run, nodeId, controller, deps, finish) => {
        const key = launchToken(controller);
        keyOf.set(`${run.id}:${nodeId}`, key);
        launchedAt.set(key, performance.now());
        launch(run, nodeId, controller, deps, (event) => {
          answeredAt.set(key, performance.now());
          finish(event);
        });
      },
    });
    // The first heartbeat per attempt: the worker sends it as it takes the job.
    const takenAt = new Map<string, number>();
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    listener.on("notification", (m) => {
      for (const { launch } of parseBeat(m.payload ?? "").launches)
        if (!takenAt.has(launch)) takenAt.set(launch, performance.now());
    });
    await listener.query(`listen ${WORKER_BEATS_CHANNEL}`);

    // 1. Throughput: in this process (no queue), then with 1 and 2 workers.
    const nodes = Array.from({ length: 2000 }, (_, i) => ({ id: `n${i}`, command: "true" }));
    const here = new RunEngine({
      store: new PgRunStore(pool),
      runsDir: path.join(dataDir, "runs"),
      concurrency: { global: 16, perRun: 16 },
    });
    const postgres = (_: number, comm: string) => comm === "postgres";
    const pg0 = cpuSeconds(postgres);
    let t0 = performance.now();
    const local = await here.startRunGrouped({ template: template("scale-here", nodes) });
    const hereState = await here.settled(local.runId);
    here.detach();
    let s = (performance.now() - t0) / 1000;
    console.log(
      `2,000 \`true\` nodes in this process (no queue), 16 at once: ${hereState.status} in ${s.toFixed(2)} s — ${(2000 / s).toFixed(0)} node completions/s; CPU s: PostgreSQL ${(cpuSeconds(postgres) - pg0).toFixed(1)}`,
    );
    let idle = "";
    for (const count of [1, 2]) {
      while (workers.length < count) workers.push(await startWorker(url, dataDir, 16, LOST_S));
      idle ||= `${rssMb(workers[0].child.pid!).toFixed(0)} MB`;
      const pids = new Set(workers.map((w) => w.child.pid!));
      const ofWorkers = (pid: number) => pids.has(pid);
      const cpu0 = [process.cpuUsage(), cpuSeconds(ofWorkers), cpuSeconds(postgres), machineBusySeconds()] as const;
      t0 = performance.now();
      const { runId } = await engine.startRunGrouped({ template: template(`scale-${count}`, nodes) });
      const state = await engine.settled(runId);
      s = (performance.now() - t0) / 1000;
      const owner = process.cpuUsage(cpu0[0]);
      console.log(
        `2,000 \`true\` nodes on ${count} worker(s) × 16: ${state.status} in ${s.toFixed(2)} s — ${(2000 / s).toFixed(0)} node completions/s;` +
          ` CPU s: owner ${((owner.user + owner.system) / 1e6).toFixed(1)}, workers ${(cpuSeconds(ofWorkers) - cpu0[1]).toFixed(1)}, PostgreSQL ${(cpuSeconds(postgres) - cpu0[2]).toFixed(1)};` +
          ` the machine busy ${(machineBusySeconds() - cpu0[3]).toFixed(1)} of ${(s * os.cpus().length).toFixed(1)} core-seconds (the rest: spawner helpers, sandboxes, node processes)`,
      );
    }
    const own = workers.map((w) => rssMb(w.child.pid!));
    const helpers = workers.map((w) => childrenRssMb(w.child.pid!));
    console.log(
      `worker RSS: ${idle} started, after them ${own.map((m) => `${m.toFixed(0)} MB`).join(", ")} (its spawner helpers beside it: ${helpers.map((m) => `${m.toFixed(0)} MB`).join(", ")})`,
    );

    // 2. Latency, one node at a time.
    const one = template("scale-one", [{ id: "one", command: "true" }]);
    const taken: number[] = [];
    const answered: number[] = [];
    for (let i = 0; i < 200; i++) {
      const { runId } = await engine.startRunGrouped({ template: one });
      await engine.settled(runId);
      const key = keyOf.get(`${runId}:one`)!;
      taken.push(takenAt.get(key)! - launchedAt.get(key)!);
      answered.push(answeredAt.get(key)! - launchedAt.get(key)!);
    }
    const line = (xs: number[]) =>
      `p50 ${fmt(median(xs))}, p95 ${fmt(percentile(xs, 95))}, max ${fmt(Math.max(...xs))}`;
    console.log(`enqueue → a worker takes it (200 one-node runs, 2 workers): ${line(taken)}`);
    console.log(`launched → its answer applied in the owner (the same): ${line(answered)}`);

    // 3. A SIGKILLed worker: kill → interrupted in the owner.
    await stopWorkers(workers.splice(0));
    workers.push(await startWorker(url, dataDir, 1, LOST_S));
    const marker = `63.${process.pid}`;
    const long = template("scale-lost", [{ id: "L", command: `sleep ${marker}`, retries: 0 }]);
    const { runId } = await engine.startRunGrouped({ template: long });
    while (!keyOf.has(`${runId}:L`)) await new Promise((r) => setTimeout(r, 10));
    const key = keyOf.get(`${runId}:L`)!;
    while (!takenAt.has(key)) await new Promise((r) => setTimeout(r, 10));
    const killed = performance.now();
    workers[0].child.kill("SIGKILL");
    await workers.splice(0)[0].exited;
    const state = await engine.settled(runId);
    console.log(
      `SIGKILLed worker (WF_WORKER_LOST_S=${LOST_S}): its node ${state.nodes.L.status} ${((answeredAt.get(key)! - killed) / 1000).toFixed(2)} s after the kill; run ${state.status}`,
    );
    spawn("pkill", ["-f", `sleep ${marker}`]);
    engine.detach();
    await listener.end();
  } finally {
    await stopWorkers(workers);
    await launcher.stop();
    await pool.end();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
