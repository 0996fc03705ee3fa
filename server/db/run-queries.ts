/**
 * SQL for runs, node_runs and run_events (approvals: approval-queries.ts). The hot path (a commit's events and
 * node rows, multi-row; the run update) uses prepared statements cached per connection; callers wrap them in
 * one transaction so a transition and its event land together.
 */
import type Database from "better-sqlite3";
import type { Db } from "./open-database";
import { multiRowStatement } from "./multi-row-statement";
import { perConnection } from "./per-connection";
import { rawRowMapper, type RawRow } from "./map-raw-row";
import { nodeRuns, runEvents, runs, type NodeRunRow, type RunEventRow, type RunRow } from "./schema";

export interface NewRunRow {
  id: string;
  templatePk: string | null;
  templateVersion: number | null;
  templateJson: string;
  planJson: string;
  name: string;
  status: string;
  variables: string;
  workspace: string;
  state: string;
  /** JSON `{ userId, email }` (startedByOf reads it); null for the CLI. */
  startedBy: string | null;
  triggerId: string | null;
  triggerKind: string | null;
  parentRunId: string | null;
  parentNodeId: string | null;
}

export interface NodeRunWrite {
  nodeId: string;
  status: string;
  attempt: number;
  iteration: number | null;
  output: string | null;
  error: string | null;
  state: string;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface EventWrite {
  id: number;
  type: string;
  nodeId: string | null;
  status: string | null;
  payload: string;
  createdAt: number;
}

export interface RunUpdate {
  status: string;
  error: string | null;
  state: string;
  lastEventId: number;
  startedAt: number | null;
  finishedAt: number | null;
}

function statements(sqlite: Database.Database) {
  return {
    insertRun: sqlite.prepare(
      `insert into runs (id, template_pk, template_version, template_json, plan_json, name, status, variables, workspace, state,
         started_by, trigger_id, trigger_kind, parent_run_id, parent_node_id)
       values (@id, @templatePk, @templateVersion, @templateJson, @planJson, @name, @status, @variables, @workspace, @state,
         @startedBy, @triggerId, @triggerKind, @parentRunId, @parentNodeId)`,
    ),
    // Hot path: positional parameters bind faster than named ones.
    updateRun: sqlite.prepare(
      `update runs set status = ?, error = ?, state = ?, last_event_id = ?, started_at = ?, finished_at = ? where id = ?`,
    ),
    selectRun: sqlite.prepare(`select * from runs where id = ?`),
    selectNodes: sqlite.prepare(`select * from node_runs where run_id = ?`),
    selectEventsAfter: sqlite.prepare(`select * from run_events where run_id = ? and id > ? order by id`),
    selectOpenRuns: sqlite.prepare(
      `select id from runs where status in ('pending', 'running', 'waiting') order by created_at`,
    ),
  };
}

const stmts = perConnection(statements);

// The tick's hot path: every event and touched node row of a commit in a few multi-row statements.
const writeNodeRows = multiRowStatement(
  (values) =>
    `insert into node_runs (run_id, node_id, status, attempt, iteration, output, error, state, started_at, finished_at)
     values ${values}
     on conflict (run_id, node_id) do update set status = excluded.status, attempt = excluded.attempt,
     output = excluded.output, error = excluded.error, state = excluded.state,
     started_at = excluded.started_at, finished_at = excluded.finished_at`,
  10,
);
const writeEvents = multiRowStatement(
  (values) => `insert into run_events (run_id, id, type, node_id, status, payload, created_at) values ${values}`,
  7,
);

export type RawRun = RawRow;

/** The columns of a `RunRowLite`. */
export const RUN_LITE_COLUMNS = `id, template_pk, template_version, name, status, error, last_event_id, created_at,
  started_at, finished_at, started_by, trigger_id, trigger_kind, parent_run_id, parent_node_id`;
const toRunRow = rawRowMapper(runs);
const toNodeRow = rawRowMapper(nodeRuns);
const toEventRow = rawRowMapper(runEvents);

/** A run's row without its template, plan, state and variables JSON (lists, live updates). */
export type RunRowLite = Omit<RunRow, "templateJson" | "planJson" | "variables" | "state" | "workspace">;

/** The lite row of a query that selected the lite columns only. */
export function toRunRowLite(r: RawRun): RunRowLite {
  return toRunRow(r);
}

/** Who started a run (`runs.started_by`, JSON `{ userId, email }`); undefined for the CLI and older runs. */
export function startedByOf(row: Pick<RunRow, "startedBy">): { userId: string | null; email: string } | undefined {
  if (!row.startedBy) return undefined;
  try {
    const v = JSON.parse(row.startedBy) as { userId?: unknown; email?: unknown };
    if (typeof v.email !== "string") return undefined;
    return { userId: typeof v.userId === "string" ? v.userId : null, email: v.email };
  } catch {
    return undefined;
  }
}

export function insertRunRow(db: Db, row: NewRunRow): void {
  stmts(db).insertRun.run(row);
}

export function updateRunRow(db: Db, runId: string, u: RunUpdate): void {
  stmts(db).updateRun.run(u.status, u.error, u.state, u.lastEventId, u.startedAt, u.finishedAt, runId);
}

/** Inserts or updates node rows (an update keeps the row's iteration). */
export function upsertNodeRuns(db: Db, runId: string, rows: readonly NodeRunWrite[]): void {
  const values: unknown[] = [];
  for (const n of rows)
    values.push(
      runId,
      n.nodeId,
      n.status,
      n.attempt,
      n.iteration,
      n.output,
      n.error,
      n.state,
      n.startedAt,
      n.finishedAt,
    );
  writeNodeRows(db, values);
}

export function insertRunEvents(db: Db, runId: string, events: readonly EventWrite[]): void {
  const values: unknown[] = [];
  for (const e of events) values.push(runId, e.id, e.type, e.nodeId, e.status, e.payload, e.createdAt);
  writeEvents(db, values);
}

export function selectRunRow(db: Db, runId: string): RunRow | undefined {
  const r = stmts(db).selectRun.get(runId) as RawRun | undefined;
  return r ? toRunRow(r) : undefined;
}

export function selectNodeRuns(db: Db, runId: string): NodeRunRow[] {
  return (stmts(db).selectNodes.all(runId) as RawRun[]).map(toNodeRow);
}

export function selectEventsAfter(db: Db, runId: string, afterId: number): RunEventRow[] {
  return (stmts(db).selectEventsAfter.all(runId, afterId) as RawRun[]).map(toEventRow);
}

export function selectOpenRunIds(db: Db): string[] {
  return (stmts(db).selectOpenRuns.all() as { id: string }[]).map((r) => r.id);
}

export function selectRunRows(db: Db, status?: string): RunRow[] {
  const rows = status
    ? db.$client.prepare(`select * from runs where status = ? order by created_at desc`).all(status)
    : db.$client.prepare(`select * from runs order by created_at desc`).all();
  return (rows as RawRun[]).map(toRunRow);
}

/** Runs `fn` in one SQLite transaction (IMMEDIATE: the writer lock is taken up front). */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.$client.transaction(fn).immediate();
}
