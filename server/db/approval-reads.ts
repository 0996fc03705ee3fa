/**
 * What the API and the live channel read of the approvals table, over the SQL seam (SQLite or PostgreSQL): one
 * request, the request that replaced it, the inbox with each request's run, the pending count. The rows are
 * written by the run stores' commits (./approval-queries.ts on SQLite).
 */
import { rawRowMapper } from "./map-raw-row";
import { approvals, type ApprovalRow } from "./schema";
import type { SqlParam, SqlQueries } from "./sql/sql-db";

type RawApproval = Record<string, unknown>;

const toApprovalRow = rawRowMapper(approvals);

export async function countPendingApprovals(sql: SqlQueries): Promise<number> {
  const row = await sql.get<{ n: number }>(`select count(*) as n from approvals where status = 'pending'`);
  return Number(row?.n ?? 0);
}

export async function selectApprovalRow(sql: SqlQueries, id: string): Promise<ApprovalRow | undefined> {
  const r = await sql.get<RawApproval>(`select * from approvals where id = ?`, [id]);
  return r ? toApprovalRow(r) : undefined;
}

/** The latest request that replaced `row` (following the chain), or undefined when none did. */
export async function latestReplacement(sql: SqlQueries, row: ApprovalRow): Promise<ApprovalRow | undefined> {
  let latest: ApprovalRow | undefined;
  const seen = new Set([row.id]);
  for (let next = row.replacedBy; next && !seen.has(next); next = latest?.replacedBy ?? null) {
    seen.add(next);
    const found = await selectApprovalRow(sql, next);
    if (!found) break;
    latest = found;
  }
  return latest;
}

export type ApprovalInboxRow = ApprovalRow & {
  runName: string | null;
  parentRun: { id: string; name: string | null } | null;
};

/** The inbox's rows, oldest first, each with the name of its run (so a card can say which workflow asks). */
export async function selectApprovalRows(
  sql: SqlQueries,
  status?: string,
  runId?: string,
): Promise<ApprovalInboxRow[]> {
  const where: string[] = [];
  const params: SqlParam[] = [];
  if (status) {
    where.push("a.status = ?");
    params.push(status);
  }
  if (runId) {
    where.push("a.run_id = ?");
    params.push(runId);
  }
  // A sub-workflow's approval also names the run that called it.
  const text = `select a.*, r.name as run_name, r.parent_run_id, p.name as parent_name from approvals a
    left join runs r on r.id = a.run_id left join runs p on p.id = r.parent_run_id
    ${where.length ? `where ${where.join(" and ")}` : ""} order by a.created_at`;
  const rows = await sql.all<RawApproval>(text, params);
  return rows.map((r) => ({
    ...toApprovalRow(r),
    runName: (r.run_name as string | null) ?? null,
    parentRun: r.parent_run_id
      ? { id: r.parent_run_id as string, name: (r.parent_name as string | null) ?? null }
      : null,
  }));
}
