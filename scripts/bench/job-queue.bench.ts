/**
 * `npm run bench job-queue`: the two Postgres job queues that run on Node 20 (graphile-worker 0.17, pg-boss 10),
 * side by side in one run on one fresh database of a private PostgreSQL cluster (WF_TEST_DATABASE_URL's server
 * when set) — the figures behind decision 048. Each job is what a node job would be: enqueued inside the
 * caller's own transaction (with the job key `runId:nodeId:attempt`), a no-op handler. Printed:
 * - enqueue → handler start, one job at a time (p50 / p95 / max of 300): the latency a node waits to start;
 * - no-op jobs completed per second, 5,000 jobs (pg-boss: 500) enqueued 100 per transaction, with 1 and 2 runners;
 * - whether a second enqueue with the same key while the first waits is a no-op (one execution).
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { run, type Runner } from "graphile-worker";
import { quietGraphileLogger } from "@/server/engine/quiet-graphile-logger";
import PgBoss from "pg-boss";
import pg from "pg";
import { privatePostgresCluster } from "@/server/test-support/postgres-cluster";
import { withDatabase } from "@/server/test-support/test-database";
import { fmt, median, percentile } from "./measure";

const LATENCY_JOBS = 300;
const THROUGHPUT_JOBS = 5000;
const PER_TRANSACTION = 100;
const CONCURRENCY = 8;

interface Queue {
  name: string;
  /** Jobs of the throughput figure (pg-boss polls: 5,000 would take minutes). */
  throughputJobs: number;
  /** Starts `runners` consumers calling `onJob(payload)`. */
  start(runners: number, onJob: (p: { k: string }) => void): Promise<void>;
  /** Enqueues the jobs inside `client`'s open transaction. */
  enqueue(client: pg.PoolClient, jobs: { key: string; payload: { k: string } }[]): Promise<void>;
  stop(): Promise<void>;
}

function graphileWorker(pool: pg.Pool): Queue {
  let runners: Runner[] = [];
  return {
    name: "graphile-worker 0.17.3",
    throughputJobs: THROUGHPUT_JOBS,
    async start(n, onJob) {
      const taskList = { node: (p: unknown) => Promise.resolve(onJob(p as { k: string })) };
      const options = { pgPool: pool, concurrency: CONCURRENCY, noHandleSignals: true, pollInterval: 2000, taskList };
      runners = await Promise.all(
        Array.from({ length: n }, () => run({ ...options, logger: quietGraphileLogger(() => {}) })),
      );
    },
    async enqueue(client, jobs) {
      await client.query(
        "select graphile_worker.add_job('node', p, job_key := k) from unnest($1::json[], $2::text[]) as j(p, k)",
        [jobs.map((j) => JSON.stringify(j.payload)), jobs.map((j) => j.key)],
      );
    },
    async stop() {
      await Promise.all(runners.map((r) => r.stop()));
    },
  };
}

function pgBoss(url: string): Queue {
  const bosses: PgBoss[] = [];
  return {
    name: "pg-boss 10.4.2",
    throughputJobs: 500,
    async start(n, onJob) {
      for (let i = 0; i < n; i++) {
        const boss = new PgBoss({ connectionString: url, max: CONCURRENCY + 2 });
        await boss.start();
        await boss.createQueue("node");
        // Its shortest polling interval (0.5 s); each of CONCURRENCY workers fetches one job at a time.
        for (let w = 0; w < CONCURRENCY; w++)
          await boss.work<{ k: string }>("node", { pollingIntervalSeconds: 0.5, batchSize: 1 }, (jobs) =>
            Promise.resolve(jobs.forEach((j) => onJob(j.data))),
          );
        bosses.push(boss);
      }
    },
    async enqueue(client, jobs) {
      const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
      for (const j of jobs) await bosses[0].send("node", j.payload, { singletonKey: j.key, db });
    },
    async stop() {
      await Promise.all(bosses.map((b) => b.stop({ graceful: false, wait: true })));
    },
  };
}

async function inTransaction(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    await fn(client);
    await client.query("commit");
  } finally {
    client.release();
  }
}

async function measure(queue: Queue, pool: pg.Pool): Promise<void> {
  let wake: ((p: { k: string }) => void) | undefined;
  const seen = new Map<string, number>();
  await queue.start(1, (p) => {
    seen.set(p.k, (seen.get(p.k) ?? 0) + 1);
    wake?.(p);
  });
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_JOBS; i++) {
    const started = new Promise<number>((resolve) => (wake = () => resolve(performance.now())));
    await inTransaction(pool, (c) => queue.enqueue(c, [{ key: `run_l:n${i}:1`, payload: { k: `l${i}` } }]));
    const committed = performance.now();
    latencies.push((await started) - committed);
  }
  // The same key twice while the first waits: enqueued in one transaction, so neither has started.
  const twice = new Promise<void>((resolve) => (wake = (p) => p.k === "dup" && resolve()));
  await inTransaction(pool, async (c) => {
    await queue.enqueue(c, [{ key: "run_d:n1:1", payload: { k: "dup" } }]);
    await queue.enqueue(c, [{ key: "run_d:n1:1", payload: { k: "dup" } }]);
  });
  await twice;
  await queue.stop();
  console.log(
    `${queue.name.padEnd(24)} enqueue → start p50 ${fmt(median(latencies))}, p95 ${fmt(percentile(latencies, 95))}, max ${fmt(Math.max(...latencies))}; same key twice → ran ${seen.get("dup")}×`,
  );
  const jobs = queue.throughputJobs;
  for (const runners of [1, 2]) {
    let done = 0;
    const all = new Promise<void>((resolve) => (wake = () => ++done === jobs && resolve()));
    await queue.start(runners, () => wake?.({ k: "" }));
    const t0 = performance.now();
    for (let b = 0; b < jobs / PER_TRANSACTION; b++)
      await inTransaction(pool, (c) =>
        queue.enqueue(
          c,
          Array.from({ length: PER_TRANSACTION }, (_, i) => ({
            key: `run_t${runners}:n${b}_${i}:1`,
            payload: { k: "t" },
          })),
        ),
      );
    await all;
    const s = (performance.now() - t0) / 1000;
    await queue.stop();
    console.log(
      `${"".padEnd(24)} ${jobs} no-op jobs, ${runners} runner(s) × ${CONCURRENCY}: ${(jobs / s).toFixed(0)} jobs/s (enqueue and run, ${s.toFixed(2)} s)`,
    );
  }
}

export default async function bench(): Promise<void> {
  const cluster = process.env.WF_TEST_DATABASE_URL ? undefined : privatePostgresCluster();
  const server = process.env.WF_TEST_DATABASE_URL ?? (await cluster!.start());
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const names: string[] = [];
  try {
    for (const make of [(_: string, pool: pg.Pool) => graphileWorker(pool), (url: string) => pgBoss(url)]) {
      const name = `wf_bench_q_${randomBytes(4).toString("hex")}`;
      names.push(name);
      await admin.query(`create database ${name}`);
      const url = withDatabase(server, name);
      const pool = new pg.Pool({ connectionString: url, max: 20 });
      pool.on("error", (err) => console.error(`pool: ${err.message}`));
      pool.on("connect", (client) => client.on("error", (err) => console.error(`pool client: ${err.message}`)));
      try {
        await measure(make(url, pool), pool);
      } finally {
        await pool.end();
      }
    }
  } finally {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    cluster?.stop();
  }
}
