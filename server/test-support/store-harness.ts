/**
 * A real engine over either store — a temporary SQLite file or a fresh database on the tests' PostgreSQL
 * server — behind one asynchronous surface, so a scenario test runs unchanged against both
 * (`describe.each(RUN_STORES)`). Calls are awaited whichever store answers.
 */
import fs from "node:fs";
import type pg from "pg";
import os from "node:os";
import path from "node:path";
import type { RunState } from "@/lib/workflow/run/run-state";
import { selectApprovalRows } from "@/server/db/approval-reads";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import type { AutoDecision, EngineOptions, StartRunInput } from "@/server/engine/engine-options";
import { createRunEventBus } from "@/server/engine/event-bus";
import { RunEngine } from "@/server/engine/orchestrator";
import { rawRowMapper } from "@/server/db/map-raw-row";
import { query } from "@/server/db/pg/pg-run-sql";
import { approvals, type ApprovalRow } from "@/server/db/schema";
import { PgRunStore } from "@/server/engine/pg-run-store";
import type { RunStore, StoredEvent } from "@/server/engine/run-store";
import { createEngineHarness } from "./engine-harness";
import { createTestDatabase } from "./test-database";

export const RUN_STORES = ["sqlite", "postgres"] as const;
export type RunStoreKind = (typeof RUN_STORES)[number];

type Options = Partial<Omit<EngineOptions, "store">>;

/** What a scenario does with an engine, answered alike over both stores. */
export interface ScenarioEngine {
  start(input: StartRunInput): Promise<{ runId: string }>;
  settled(runId: string): Promise<RunState>;
  decide(approvalId: string, d: AutoDecision & { by?: string }): Promise<void>;
  cancel(runId: string): Promise<boolean>;
  rerunFrom(runId: string, nodeId: string, confirm?: boolean): Promise<void>;
  retryFailed(runId: string): Promise<void>;
  recoverRuns(): Promise<{ resumed: string[] }>;
  state(runId: string): Promise<RunState | undefined>;
  detach(): void;
}

export interface StoreHarness extends ScenarioEngine {
  kind: RunStoreKind;
  dir: string;
  /** A second engine on the same store (a restart); the first should be detached. */
  restart(options?: Options): ScenarioEngine;
  /** The approvals table's rows (oldest first), all or those with `status`. */
  approvals(status?: string): Promise<ApprovalRow[]>;
  pendingApprovals(): Promise<ApprovalRow[]>;
  eventsAfter(runId: string, afterId: number): Promise<StoredEvent[]>;
  close(): Promise<void>;
}

function scenarioEngine(engine: RunEngine<RunStore>, sync: boolean): ScenarioEngine {
  return {
    start: async (input) => (sync ? engine.startRun(input) : engine.startRunGrouped(input)),
    settled: (runId) => engine.settled(runId),
    decide: async (id, d) => engine.decide(id, d),
    cancel: async (runId) => engine.cancel(runId),
    rerunFrom: async (runId, nodeId, confirm) => engine.rerunFrom(runId, nodeId, confirm),
    retryFailed: async (runId) => engine.retryFailed(runId),
    recoverRuns: async () => engine.recoverRuns(),
    state: async (runId) => engine.getState(runId),
    detach: () => engine.detach(),
  };
}

export async function openStoreHarness(kind: RunStoreKind, options: Options = {}): Promise<StoreHarness> {
  if (kind === "sqlite") {
    const h = createEngineHarness(options);
    // A synchronous engine's answers are values; awaited here like promises.
    const wrap = (e: RunEngine) => scenarioEngine(e as unknown as RunEngine<RunStore>, true);
    return {
      kind,
      dir: h.dir,
      ...wrap(h.engine),
      restart: (extra) => wrap(h.restart(extra)),
      approvals: (status) => selectApprovalRows(sqliteSql(h.db), status),
      pendingApprovals: () => selectApprovalRows(sqliteSql(h.db), "pending"),
      eventsAfter: async (runId, afterId) => h.store.eventsAfter(runId, afterId),
      close: async () => {
        h.engine.detach();
        h.close();
      },
    };
  }
  const database = await createTestDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-engine-pg-"));
  const store = new PgRunStore(database.pool);
  const bus = createRunEventBus();
  const make = (extra: Options = {}) =>
    new RunEngine({ store, bus, runsDir: path.join(dir, "runs"), ...options, ...extra }) as RunEngine<RunStore>;
  const made: RunEngine<RunStore>[] = [];
  const track = (e: RunEngine<RunStore>) => (made.push(e), e);
  const first = track(make());
  return {
    kind,
    dir,
    ...scenarioEngine(first, false),
    restart: (extra) => scenarioEngine(track(make(extra)), false),
    approvals: (status) => pgApprovals(database.pool, status),
    pendingApprovals: () => pgApprovals(database.pool, "pending"),
    eventsAfter: (runId, afterId) => store.eventsAfter(runId, afterId),
    close: async () => {
      for (const e of made) e.detach();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const toApprovalRow = rawRowMapper(approvals);

async function pgApprovals(pool: pg.Pool, status?: string): Promise<ApprovalRow[]> {
  const { rows } = await pool.query(
    query(
      `select * from approvals ${status ? "where status = $1" : ""} order by created_at, id`,
      status ? [status] : [],
    ),
  );
  return rows.map(toApprovalRow);
}
