/**
 * The server's engine, created on first use and kept on globalThis (Next bundles share it):
 * the shared database, workspaces under `<data>/runs/`, and crash recovery of unfinished runs.
 */
import { runsDir } from "@/server/db/data-paths";
import { getDb } from "@/server/db/get-db";
import { readSecretValues } from "@/server/secrets/secret-store";
import type { Db } from "@/server/db/open-database";
import { agentJudge } from "./agent-judge";
import { createExecutorRegistry } from "./executors/executor-registry";
import { RunEngine } from "./orchestrator";
import { SqliteRunStore } from "./sqlite-run-store";

const holder = globalThis as unknown as { __wfRunEngine?: { db: Db; engine: RunEngine } };

function limit(name: string): number | undefined {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

export function getRunEngine(): RunEngine {
  const db = getDb();
  if (holder.__wfRunEngine?.db === db) return holder.__wfRunEngine.engine;
  const engine = new RunEngine({
    store: new SqliteRunStore(db),
    runsDir: runsDir(),
    executors: createExecutorRegistry(),
    judge: agentJudge,
    secretSource: (names) => readSecretValues(db, names),
    concurrency: { global: limit("WF_MAX_PARALLEL"), perRun: limit("WF_MAX_PARALLEL_PER_RUN") },
  });
  holder.__wfRunEngine = { db, engine };
  const { resumed, invalid } = engine.recoverRuns();
  if (resumed.length) console.log(`wf: resumed ${resumed.length} unfinished run(s)`);
  for (const err of invalid) console.error(`wf: not resuming ${err.runId}: ${err.message}`);
  return engine;
}
