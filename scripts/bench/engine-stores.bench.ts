/**
 * `npm run bench engine-stores`: the engine in one process over each store, side by side in one run — a
 * temporary SQLite file and a fresh database on a private PostgreSQL cluster (WF_TEST_DATABASE_URL's server
 * when set). No-op nodes, so the engine and the store are all that is measured: a 5,000-node layered DAG
 * (completions/s), a 200-node chain (ms per node), and 2,000 one-node runs started by 4 concurrent callers
 * (runs/s). Medians of 3 rounds.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Template } from "@/lib/workflow/model/template-schema";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { openPgDatabase } from "@/server/db/pg/open-pg-database";
import type { Executor } from "@/server/engine/executors/executor";
import { createExecutorRegistry } from "@/server/engine/executors/executor-registry";
import { RunEngine } from "@/server/engine/orchestrator";
import { PgRunStore } from "@/server/engine/pg-run-store";
import type { RunStore } from "@/server/engine/run-store";
import { SqliteRunStore } from "@/server/engine/sqlite-run-store";
import { openDatabase } from "@/server/db/open-database";
import { privatePostgresCluster } from "@/server/test-support/postgres-cluster";
import { withDatabase } from "@/server/test-support/test-database";
import { median } from "./measure";

const noop: Executor = { run: () => Promise.resolve({ status: "succeeded", output: "" }) };

function layered(nodes: number, width = 100): Template {
  const b = buildTemplate();
  for (let l = 0; l < nodes / width; l++)
    for (let i = 0; i < width; i++) {
      b.node(`n${l}_${i}`);
      if (l > 0) b.edge(`n${l - 1}_${i}`, `n${l}_${i}`).edge(`n${l - 1}_${(i + 1) % width}`, `n${l}_${i}`);
    }
  return b.done();
}

function chain(n: number): Template {
  const b = buildTemplate();
  for (let i = 0; i < n; i++) {
    b.node(`c${i}`);
    if (i) b.edge(`c${i - 1}`, `c${i}`);
  }
  return b.done();
}

interface Store {
  store: RunStore;
  close(): Promise<void>;
}

function engineOn(s: Store, dir: string) {
  return new RunEngine({
    store: s.store,
    runsDir: path.join(dir, "runs"),
    executors: createExecutorRegistry({ shell: noop }),
    concurrency: { global: 1000, perRun: 1000 },
  }) as RunEngine<RunStore>;
}

async function measure(open: () => Promise<Store>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-bench-stores-"));
  const s = await open();
  const engine = engineOn(s, dir);
  const one = buildTemplate().node("A").done();
  const timeRun = async (t: Template) => {
    const t0 = performance.now();
    const { runId } = await engine.startRunGrouped({ template: t });
    const state = await engine.settled(runId);
    if (state.status !== "succeeded") throw new Error(`run ended ${state.status}`);
    return performance.now() - t0;
  };
  const dag = await timeRun(layered(5000));
  const chainMs = await timeRun(chain(200));
  const t0 = performance.now();
  const runs = 2000;
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next++ < runs) await engine.settled((await engine.startRunGrouped({ template: one })).runId);
    }),
  );
  const perSec = runs / ((performance.now() - t0) / 1000);
  engine.detach();
  await s.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { dagPerSec: 5000 / (dag / 1000), chainPerNode: chainMs / 200, runsPerSec: perSec };
}

export default async function engineStores(): Promise<void> {
  const cluster = process.env.WF_TEST_DATABASE_URL ? undefined : privatePostgresCluster();
  const server = process.env.WF_TEST_DATABASE_URL ?? (await cluster!.start());
  try {
    const sqlite = async (): Promise<Store> => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wf-bench-sqlite-")), "wf.db");
      const db = openDatabase(file);
      return { store: new SqliteRunStore(db), close: async () => void db.$client.close() };
    };
    const postgres = async (): Promise<Store> => {
      const name = `wf_bench_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const { pool, close } = await openPgDatabase(withDatabase(server, name));
      return {
        store: new PgRunStore(pool),
        close: async () => {
          await close();
          await admin.query(`drop database ${name} with (force)`);
          await admin.end();
        },
      };
    };
    const rows: Record<string, ReturnType<typeof measure> extends Promise<infer R> ? R[] : never> = {
      sqlite: [],
      postgres: [],
    };
    for (let round = 0; round < 3; round++) {
      rows.sqlite.push(await measure(sqlite));
      rows.postgres.push(await measure(postgres));
    }
    const med = (k: "sqlite" | "postgres", f: "dagPerSec" | "chainPerNode" | "runsPerSec") =>
      median(rows[k].map((r) => r[f]));
    console.log(
      "| store | no-op completions/s (5,000-node DAG) | 200-node chain, ms/node | one-node runs/s (4 callers) |",
    );
    console.log("| --- | --- | --- | --- |");
    for (const k of ["sqlite", "postgres"] as const)
      console.log(
        `| ${k} | ${med(k, "dagPerSec").toFixed(0)} | ${med(k, "chainPerNode").toFixed(3)} | ${med(k, "runsPerSec").toFixed(0)} |`,
      );
    console.log(
      `postgres / sqlite: DAG ${(med("postgres", "dagPerSec") / med("sqlite", "dagPerSec")).toFixed(2)}×, ` +
        `chain ${(med("postgres", "chainPerNode") / med("sqlite", "chainPerNode")).toFixed(2)}× per node, ` +
        `runs ${(med("postgres", "runsPerSec") / med("sqlite", "runsPerSec")).toFixed(2)}×`,
    );
  } finally {
    cluster?.stop();
  }
}
