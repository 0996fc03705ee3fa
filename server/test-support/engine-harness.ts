/** A real engine on a temporary SQLite file, for tests and benchmarks. */
import type { SyncRunStore } from "@/server/engine/run-store";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "@/server/db/open-database";
import type { Clock } from "@/server/engine/clock";
import { createRunEventBus, type RunEventBus } from "@/server/engine/event-bus";
import type { ExecutorRegistry } from "@/server/engine/executors/executor-registry";
import { RunEngine, type EngineOptions } from "@/server/engine/orchestrator";
import { SqliteRunStore } from "@/server/engine/sqlite-run-store";
import { workspacePath } from "@/server/engine/confinement/workspace";
import { newId } from "@/server/db/new-id";
import { planRun } from "@/lib/workflow/run/run-plan";
import { initialRunState } from "@/lib/workflow/run/run-state";
import type { Template } from "@/lib/workflow/model/template-schema";

export interface EngineHarness {
  dir: string;
  db: Db;
  store: SqliteRunStore;
  bus: RunEventBus;
  engine: RunEngine;
  /** A second engine on the same database (a restart). */
  restart(options?: Partial<EngineOptions<SyncRunStore>>): RunEngine;
  /**
   * Stores a run that was never started, without the checks `startRun` makes (as an older version, or
   * another writer, may have stored it), for tests of what the engine does when such a run is resumed.
   */
  storeUnchecked(template: Template, vars?: Record<string, string>): string;
  close(): void;
}

export function createEngineHarness(
  options: Partial<EngineOptions<SyncRunStore>> & { clock?: Clock; executors?: ExecutorRegistry } = {},
): EngineHarness {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-engine-"));
  const db = openDatabase(path.join(dir, "wf.db"));
  const store = new SqliteRunStore(db);
  const bus = createRunEventBus();
  const make = (extra: Partial<EngineOptions<SyncRunStore>> = {}) =>
    new RunEngine({ store: new SqliteRunStore(db), bus, runsDir: path.join(dir, "runs"), ...options, ...extra });
  return {
    dir,
    db,
    store,
    bus,
    engine: make(),
    restart: make,
    storeUnchecked(template, vars = {}) {
      const planned = planRun(template);
      if (!planned.ok) throw new Error(planned.diagnostics.map((d) => d.message).join("; "));
      const runId = newId("run");
      const state = initialRunState(planned.plan, runId, vars);
      const workspace = workspacePath(path.join(dir, "runs"), runId);
      const created = { runId, template, plan: planned.plan, state, name: template.name, workspace };
      const { plan } = planned;
      store.commit([
        { runId, created, state, plan, events: [], touched: plan.order, approvals: [], decisions: new Map() },
      ]);
      return runId;
    },
    close() {
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
