/**
 * What the API and the live channel read of one run outside the engine, over the SQL seam (SQLite or PostgreSQL):
 * its row without the large columns, where a live client resumes, whether it has a node.
 */
import { RUN_LITE_COLUMNS, toRunRowLite, type RawRun, type RunRowLite } from "./run-queries";
import type { SqlQueries } from "./sql/sql-db";

export async function selectRunRowLite(sql: SqlQueries, runId: string): Promise<RunRowLite | undefined> {
  const r = await sql.get<RawRun>(`select ${RUN_LITE_COLUMNS} from runs where id = ?`, [runId]);
  return r ? toRunRowLite(r) : undefined;
}

/**
 * Where a live client resumes: after `requested`, but never after the run's last stored event — an id
 * beyond the end (a client of another database, a typo) replays nothing and then tails new events.
 */
export async function resumeAfter(sql: SqlQueries, runId: string, requested: number): Promise<number> {
  const row = await sql.get<{ last_event_id: number }>(`select last_event_id from runs where id = ?`, [runId]);
  return row ? Math.min(requested, Number(row.last_event_id)) : requested;
}

/** True when the run has a row for `nodeId` (a planned node it stored). */
export async function runHasNode(sql: SqlQueries, runId: string, nodeId: string): Promise<boolean> {
  return (
    (await sql.get(`select 1 as one from node_runs where run_id = ? and node_id = ?`, [runId, nodeId])) !== undefined
  );
}
