/**
 * `npm run bench serve-pg` (also part of `npm run bench:scale`): the production server on PostgreSQL beside the same
 * build on SQLite, in one run — `next start` with `WF_DATABASE_URL` on a database of its own (a private cluster
 * unless WF_TEST_DATABASE_URL), then on a SQLite data folder. For each: one-node runs (a checkpoint, no process)
 * started through `run.start` over HTTP by 4 clients, three rounds after a warm-up: runs/s (goal ≥ 300 on
 * PostgreSQL), `run.start` p50 / p95, start → durably finished p50 / p95 (from the rows), the server's CPU per run.
 * Finished runs are counted in the server's database every 2 ms (a read-only SQLite connection; a pool of one on
 * PostgreSQL).
 */
import fs from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { chain, throughput, type FinishedRunsReader } from "./api.bench";
import { benchDatabase } from "./bench-postgres";
import { Client, ensureBuild, freePort, startServer } from "./bench-server";
import { median } from "./measure";

const ROUNDS = 3;
const RUNS_PER_ROUND = 1_000;
const FINISHED = `select count(*) as n from runs where status in ('succeeded', 'failed', 'cancelled')`;
const LATENCIES = `select finished_at - created_at as ms from runs order by created_at desc limit `;

function sqliteReader(file: string): FinishedRunsReader & { close(): void } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const count = db.prepare(FINISHED);
  return {
    get: async () => (count.get() as { n: number }).n,
    latencies: async (limit) => (db.prepare(`${LATENCIES}?`).all(limit) as { ms: number }[]).map((r) => r.ms),
    close: () => db.close(),
  };
}

function pgReader(url: string): FinishedRunsReader & { close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return {
    get: async () => Number((await pool.query<{ n: string }>(FINISHED)).rows[0].n),
    latencies: async (limit) =>
      (await pool.query<{ ms: string }>(`${LATENCIES}$1`, [limit])).rows.map((r) => Number(r.ms)),
    close: () => pool.end(),
  };
}

/** Warm-up, then three rounds of 4 clients; prints the median round and every round's runs/s. */
async function measure(
  label: string,
  env: Record<string, string>,
  reader: (dataDir: string) => FinishedRunsReader & { close(): unknown },
) {
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), "wf-bench-serve-"));
  const port = await freePort();
  const server = await startServer(dataDir, port, env);
  const client = new Client(port, 8);
  try {
    const one = (await client.call("template.save", { template: chain(1) })) as { id: string };
    const done = reader(dataDir);
    await throughput(client, done, one.id, 4, 300, server.pid!);
    const rounds = [];
    for (let k = 0; k < ROUNDS; k++)
      rounds.push(await throughput(client, done, one.id, 4, RUNS_PER_ROUND, server.pid!));
    const mid = [...rounds].sort((a, b) => a.runsPerS - b.runsPerS)[Math.floor(ROUNDS / 2)];
    console.log(
      `${label.padEnd(11)} 4 clients: ${mid.runsPerS.toFixed(0).padStart(4)} runs/s (rounds ${rounds.map((r) => r.runsPerS.toFixed(0)).join(", ")}), run.start p50 ${mid.p50.toFixed(2)} ms, p95 ${mid.p95.toFixed(2)} ms; start → finished p50 ${mid.finishP50} ms, p95 ${mid.finishP95} ms; server CPU per run ${median(rounds.map((r) => r.cpuPerRun)).toFixed(2)} ms`,
    );
    await done.close();
    return mid.runsPerS;
  } finally {
    client.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function servePgBench(): Promise<void> {
  ensureBuild();
  const database = await benchDatabase("wf_bench_serve");
  try {
    console.log(`load average before: ${loadavg()[0].toFixed(2)}; ${ROUNDS} rounds of ${RUNS_PER_ROUND} one-node runs`);
    const onPg = await measure("PostgreSQL", { WF_DATABASE_URL: database.url }, () => pgReader(database.url));
    const onSqlite = await measure("SQLite", {}, (dir) => sqliteReader(path.join(dir, "wf.db")));
    console.log(
      `PostgreSQL / SQLite: ${(onPg / onSqlite).toFixed(2)}× the runs/s (goal on PostgreSQL ≥ 300); load average after: ${loadavg()[0].toFixed(2)}`,
    );
  } finally {
    await database.drop();
  }
}
