/** A real engine on a temporary SQLite file, for tests and benchmarks. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "@/server/db/open-database";
import type { Clock } from "@/server/engine/clock";
import { createRunEventBus, type RunEventBus } from "@/server/engine/event-bus";
import type { ExecutorRegistry } from "@/server/engine/executors/executor-registry";
import { RunEngine, type EngineOptions } from "@/server/engine/orchestrator";
import { SqliteRunStore } from "@/server/engine/sqlite-run-store";

export interface EngineHarness {
  dir: string;
  db: Db;
  store: SqliteRunStore;
  bus: RunEventBus;
  engine: RunEngine;
  /** A second engine on the same database (a restart). */
  restart(options?: Partial<EngineOptions>): RunEngine;
  close(): void;
}

export function createEngineHarness(
  options: Partial<EngineOptions> & { clock?: Clock; executors?: ExecutorRegistry } = {},
): EngineHarness {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-engine-"));
  const db = openDatabase(path.join(dir, "wf.db"));
  const store = new SqliteRunStore(db);
  const bus = createRunEventBus();
  const make = (extra: Partial<EngineOptions> = {}) =>
    new RunEngine({ store: new SqliteRunStore(db), bus, runsDir: path.join(dir, "runs"), ...options, ...extra });
  return {
    dir,
    db,
    store,
    bus,
    engine: make(),
    restart: make,
    close() {
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
