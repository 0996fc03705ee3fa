/**
 * The history an estimate reads: how long each node took in a template's latest finished runs (succeeded or
 * failed, at most `limit`, newest first), per planned node id, for nodes that ended `done`.
 */
import type { SqlQueries } from "./sql/sql-db";

export async function selectNodeDurations(
  sql: SqlQueries,
  templatePk: string,
  limit = 50,
): Promise<{ runs: number; durations: Record<string, number[]> }> {
  const rows = await sql.all<{ runs: number; nodeId: string | null; ms: number | null }>(
    `with recent as (
         select id from runs
         where template_pk = ? and status in ('succeeded', 'failed')
         order by created_at desc, id desc limit ?
       )
       select (select count(*) from recent) as runs, n.node_id as "nodeId", n.finished_at - n.started_at as ms
       from recent left join node_runs n
         on n.run_id = recent.id and n.status = 'done' and n.started_at is not null and n.finished_at is not null`,
    [templatePk, limit],
  );
  const durations: Record<string, number[]> = {};
  for (const r of rows)
    if (r.nodeId !== null && r.ms !== null) (durations[r.nodeId] ??= []).push(Math.max(0, Number(r.ms)));
  return { runs: Number(rows[0]?.runs ?? 0), durations };
}
