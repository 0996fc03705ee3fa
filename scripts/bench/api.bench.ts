/**
 * `npm run bench:api`: the warm production server as a client meets it. Starts `next start` on a free
 * 127.0.0.1 port with its own data folder and `WF_API_TOKEN=bench-token` (rebuilding `.next` first when a
 * source file is newer than it — run the benchmark alone, a build rewrites `.next`), then:
 * - one-node runs (a checkpoint: no process, so the engine, the store and the HTTP path are what is
 *   measured) started through `run.start` over HTTP by 1 and by 4 clients, each client sending its next
 *   `run.start` when the previous one answered: runs/s, p50/p95 latency of `run.start`, start → finished;
 * - the server's RSS (its whole process tree) after 10,000 such runs;
 * - 200- and 2,000-node no-op chains: per-node cost = (its wall − a 1-node run's wall) / (nodes − 1), paired and
 *   alternated, and the 2,000-node chain's per-node cost over the 200-node one's.
 *
 * How "finished" is detected: the benchmark opens the server's SQLite file read-only (WAL lets it read while
 * the server writes) and polls the count of finished runs every 2 ms — a run counts once its terminal status
 * is committed, i.e. durably finished, and polling costs the server nothing (no `run.get` per run, no
 * subscription per run). Per-run start → finished latency comes from the rows' own `created_at` and
 * `finished_at`, written by the server.
 *
 * The server gets the Node flags `wf serve` gives it (`serverNodeFlags`, `WF_SERVER_NODE_FLAGS` replaces
 * them: `WF_SERVER_NODE_FLAGS= npm run bench:api` measures V8's defaults); `BENCH_SERVER_FLAGS` adds more
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import fs from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { Client, ensureBuild, freePort, startServer } from "./bench-server";
import { median, percentile } from "./measure";
const TOTAL_RUNS = 10_000;
const load = () => loadavg()[0].toFixed(2);

type Node = Record<string, unknown> & { id: string };
const noop = (id: string): Node => ({ id, name: id, type: "checkpoint", auto_continue: true });

export function chain(count: number) {
  const nodes = Array.from({ length: count }, (_, i) => noop(`n${i}`));
  const edges = nodes.slice(1).map((n, i) => ({ from: nodes[i].id, to: n.id }));
  // Checkpoints listed in checkpoints[] as injectCheckpoints would, so the template has no warnings.
  return {
    template_id: `wft-bench-chain-${count}-20260101`,
    name: `bench chain ${count}`,
    nodes,
    edges,
    checkpoints: nodes.map((n) => n.id),
  };
}

/** RSS in MB of a process and all its descendants (`next start` may serve from a child process). */
function treeRssMb(pid: number): number {
  let kb = 0;
  const visit = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, "utf8");
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const t of fs.readdirSync(`/proc/${p}/task`)) {
        const kids = fs.readFileSync(`/proc/${p}/task/${t}/children`, "utf8").trim();
        for (const k of kids ? kids.split(" ") : []) visit(Number(k));
      }
    } catch {
      // The process ended meanwhile.
    }
  };
  visit(pid);
  return kb / 1024;
}

/**
 * CPU time (user + system, ms) the server process has used: under a machine loaded by others, runs/s
 * swings with their load, its CPU per run much less.
 */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime, in clock ticks of 10 ms (USER_HZ = 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Finished runs as the benchmark reads them from the server's database (SQLite here, PostgreSQL in serve-pg). */
export interface FinishedRunsReader {
  get(): Promise<number>;
  /** Start → durably finished per run, from the rows the server wrote (the latest `limit`). */
  latencies(limit: number): Promise<number[]>;
}

/** Polls every 2 ms until `n` runs are finished. */
async function waitForFinished(done: FinishedRunsReader, n: number): Promise<void> {
  while ((await done.get()) < n) await new Promise((r) => setTimeout(r, 2));
}

/** Finished runs, read from the server's own SQLite file (read-only; WAL lets both work at once). */
class FinishedRuns implements FinishedRunsReader {
  private count: Database.Statement;
  constructor(private db: Database.Database) {
    this.count = db.prepare(`select count(*) as n from runs where status in ('succeeded', 'failed', 'cancelled')`);
  }
  async get(): Promise<number> {
    return (this.count.get() as { n: number }).n;
  }
  failed(): number {
    return (this.db.prepare(`select count(*) as n from runs where status != 'succeeded'`).get() as { n: number }).n;
  }
  async latencies(limit: number): Promise<number[]> {
    return (
      this.db
        .prepare(`select finished_at - created_at as ms from runs order by created_at desc limit ?`)
        .all(limit) as { ms: number }[]
    ).map((r) => r.ms);
  }
}

/** `runs` one-node runs started through `run.start` by `clients` clients, each waiting for its answer. */
export async function throughput(
  client: Client,
  done: FinishedRunsReader,
  templateId: string,
  clients: number,
  runs: number,
  serverPid: number,
) {
  const before = await done.get();
  const cpu0 = cpuMs(serverPid);
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < runs) {
      next++;
      const s = performance.now();
      await client.call("run.start", { templateId });
      latencies.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const answered = performance.now() - t0;
  await waitForFinished(done, before + runs);
  const finished = performance.now() - t0;
  const cpuPerRun = (cpuMs(serverPid) - cpu0) / runs;
  const e2e = await done.latencies(runs);
  return {
    runsPerS: runs / (finished / 1000),
    cpuPerRun,
    p50: median(latencies),
    p95: percentile(latencies, 95),
    answeredS: answered / 1000,
    finishP50: median(e2e),
    finishP95: percentile(e2e, 95),
  };
}

/** Wall time of one run from `run.start` until its row is finished. */
async function timedRun(client: Client, done: FinishedRuns, templateId: string): Promise<number> {
  const before = await done.get();
  const t0 = performance.now();
  await client.call("run.start", { templateId });
  await waitForFinished(done, before + 1);
  return performance.now() - t0;
}

export default async function apiBench(): Promise<void> {
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), "wf-bench-api-"));
  const port = await freePort();
  const server = await startServer(dataDir, port);
  const client = new Client(port, 8);
  try {
    const one = (await client.call("template.save", { template: chain(1) })) as { id: string };
    const long = (await client.call("template.save", { template: chain(200) })) as { id: string };
    const longer = (await client.call("template.save", { template: chain(2000) })) as { id: string };
    const db = new Database(path.join(dataDir, "wf.db"), { readonly: true, fileMustExist: true });
    const done = new FinishedRuns(db);
    console.log(`load average before: ${load()}; pid ${server.pid}, RSS ${treeRssMb(server.pid!).toFixed(0)} MB`);

    // Warm-up: JIT, statement caches, the first engine and template reads.
    await throughput(client, done, one.id, 4, 300, server.pid!);
    let started = 300;
    const rows: string[] = [];
    const row = (label: string, r: Awaited<ReturnType<typeof throughput>>) =>
      rows.push(
        `${label.padEnd(22)} ${r.runsPerS.toFixed(0).padStart(6)} runs/s   run.start p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms   start → finished p50 ${r.finishP50} ms, p95 ${r.finishP95} ms`,
      );
    // Three rounds each, alternating, so a burst of load from elsewhere does not hit only one of them.
    const per = {
      1: [] as Awaited<ReturnType<typeof throughput>>[],
      4: [] as Awaited<ReturnType<typeof throughput>>[],
    };
    const rounds = 3;
    const runsPerRound = Math.floor((TOTAL_RUNS - started) / (rounds * 2));
    for (let k = 0; k < rounds; k++)
      for (const clients of [1, 4] as const) {
        per[clients].push(await throughput(client, done, one.id, clients, runsPerRound, server.pid!));
        started += runsPerRound;
      }
    const pick = (list: Awaited<ReturnType<typeof throughput>>[]) =>
      [...list].sort((a, b) => a.runsPerS - b.runsPerS)[Math.floor(list.length / 2)];
    console.log(`\none-node runs, ${runsPerRound} per round, ${rounds} rounds each (median round):`);
    row("1 client", pick(per[1]));
    row("4 clients", pick(per[4]));
    for (const r of rows) console.log(r);
    console.log(
      `  rounds: 1 client ${per[1].map((r) => r.runsPerS.toFixed(0)).join(", ")}; 4 clients ${per[4].map((r) => r.runsPerS.toFixed(0)).join(", ")} runs/s`,
    );
    const cpu = (list: (typeof per)[1]) => median(list.map((r) => r.cpuPerRun));
    console.log(
      `  server CPU per run (user + system, all its threads; median round): 1 client ${cpu(per[1]).toFixed(2)} ms, 4 clients ${cpu(per[4]).toFixed(2)} ms`,
    );
    const rest = TOTAL_RUNS - started;
    if (rest > 0) await throughput(client, done, one.id, 4, rest, server.pid!);
    const busyRss = treeRssMb(server.pid!);
    // V8 lets garbage pile up to a few hundred MB between full collections under load; after ~10 s
    // of quiet its memory reducer collects and gives pages back. Both figures are printed.
    await new Promise((r) => setTimeout(r, 12_000));
    console.log(
      `server RSS after ${TOTAL_RUNS.toLocaleString("en")} runs: ${busyRss.toFixed(0)} MB at once, ${treeRssMb(server.pid!).toFixed(0)} MB after 12 s idle (goal < 300); not succeeded: ${done.failed()}`,
    );

    // 200- and 2,000-node chains vs 1 node, alternated, per pair.
    const per200: number[] = [];
    const per2000: number[] = [];
    const walls200: number[] = [];
    const walls2000: number[] = [];
    await timedRun(client, done, long.id);
    await timedRun(client, done, longer.id);
    for (let i = 0; i < 9; i++) {
      const base = await timedRun(client, done, one.id);
      const wall = await timedRun(client, done, long.id);
      walls200.push(wall);
      per200.push((wall - base) / 199);
      const base2 = await timedRun(client, done, one.id);
      const wall2 = await timedRun(client, done, longer.id);
      walls2000.push(wall2);
      per2000.push((wall2 - base2) / 1999);
    }
    console.log(
      `200-node no-op chain: wall p50 ${median(walls200).toFixed(1)} ms (goal ≤ 20), per node ${median(per200).toFixed(3)} ms (goal ≤ 0.08)`,
    );
    console.log(
      `2,000-node no-op chain: wall p50 ${median(walls2000).toFixed(1)} ms, per node ${median(per2000).toFixed(3)} ms — ${(median(per2000) / median(per200)).toFixed(2)}× the 200-node chain's (goal ≤ 1.5×)`,
    );
    console.log(`load average after: ${load()}`);
    db.close();
  } finally {
    client.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
