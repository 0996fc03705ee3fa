/**
 * SQL for the approvals table: open (a new row per request; the node's earlier rows are marked replaced),
 * votes, close, the inbox. Writes run
 * inside the run store's commit transaction (server/engine/approval-rows.ts); statements are
 * prepared once per connection.
 */
import type Database from "better-sqlite3";
import type { Db } from "./open-database";
import { perConnection } from "./per-connection";
import { rawRowMapper } from "./map-raw-row";
import { approvals, type ApprovalRow } from "./schema";

export interface ApprovalOpen {
  id: string;
  runId: string;
  nodeId: string;
  kind: string;
  stage: "node" | "check" | "precondition" | null;
  prompt: string | null;
  options: string | null;
  createdAt: number;
  requiredApprovals: number;
  timeoutAt: number | null;
  onTimeout: string | null;
  allowSelfApproval: boolean;
}

export interface ApprovalClose {
  id: string;
  status: string;
  decision: string | null;
  answer: string | null;
  comment: string | null;
  decidedBy: string | null;
  decidedAt: number;
}

function statements(sqlite: Database.Database) {
  return {
    // Every request has its own id (a re-run asks under a new one): a row is written once, never reopened.
    open: sqlite.prepare(
      `insert into approvals (id, run_id, node_id, kind, stage, prompt, options, status, created_at,
         required_approvals, timeout_at, on_timeout, allow_self_approval)
       values (@id, @runId, @nodeId, @kind, @stage, @prompt, @options, 'pending', @createdAt,
         @requiredApprovals, @timeoutAt, @onTimeout, @allowSelfApproval)`,
    ),
    // The node's earlier requests now point at the one that replaced them.
    replaced: sqlite.prepare(
      `update approvals set replaced_by = @id
       where run_id = @runId and node_id = @nodeId and id <> @id and replaced_by is null`,
    ),
    votes: sqlite.prepare(`update approvals set votes = ? where id = ?`),
    close: sqlite.prepare(
      `update approvals set status = @status, decision = coalesce(@decision, decision), answer = coalesce(@answer, answer),
       comment = coalesce(@comment, comment), decided_by = coalesce(@decidedBy, decided_by), decided_at = @decidedAt
       where id = @id`,
    ),
    countPending: sqlite.prepare(`select count(*) as n from approvals where status = 'pending'`),
    select: sqlite.prepare(`select * from approvals where id = ?`),
  };
}

const stmts = perConnection(statements);

/** Writes a new request and marks the node's earlier ones as replaced by it. */
export function openApprovalRow(db: Db, a: ApprovalOpen): void {
  const s = stmts(db);
  s.open.run({ ...a, allowSelfApproval: a.allowSelfApproval ? 1 : 0 });
  s.replaced.run({ id: a.id, runId: a.runId, nodeId: a.nodeId });
}

/** The latest request that replaced `row` (following the chain), or undefined when none did. */
export function latestReplacement(db: Db, row: ApprovalRow): ApprovalRow | undefined {
  let latest: ApprovalRow | undefined;
  const seen = new Set([row.id]);
  for (let next = row.replacedBy; next && !seen.has(next); next = latest?.replacedBy ?? null) {
    seen.add(next);
    const found = selectApprovalRow(db, next);
    if (!found) break;
    latest = found;
  }
  return latest;
}

/** The decisions given so far on an approval (JSON array of votes). */
export function updateApprovalVotes(db: Db, id: string, votesJson: string): void {
  stmts(db).votes.run(votesJson, id);
}

export function closeApprovalRow(db: Db, a: ApprovalClose): void {
  stmts(db).close.run(a);
}

export function countPendingApprovals(db: Db): number {
  return (stmts(db).countPending.get() as { n: number }).n;
}

type RawApproval = Record<string, unknown>;

export function selectApprovalRow(db: Db, id: string): ApprovalRow | undefined {
  const r = stmts(db).select.get(id) as RawApproval | undefined;
  return r ? toApprovalRow(r) : undefined;
}

/** The inbox's rows, oldest first, each with the name of its run (so a card can say which workflow asks). */
export function selectApprovalRows(
  db: Db,
  status?: string,
  runId?: string,
): (ApprovalRow & { runName: string | null; parentRun: { id: string; name: string | null } | null })[] {
  const where = [status ? "a.status = @status" : "", runId ? "a.run_id = @runId" : ""].filter(Boolean);
  // A sub-workflow's approval also names the run that called it.
  const sql = `select a.*, r.name as run_name, r.parent_run_id, p.name as parent_name from approvals a
    left join runs r on r.id = a.run_id left join runs p on p.id = r.parent_run_id
    ${where.length ? `where ${where.join(" and ")}` : ""} order by a.created_at`;
  const rows = db.$client.prepare(sql).all({ ...(status ? { status } : {}), ...(runId ? { runId } : {}) });
  return (rows as RawApproval[]).map((r) => ({
    ...toApprovalRow(r),
    runName: (r.run_name as string | null) ?? null,
    parentRun: r.parent_run_id
      ? { id: r.parent_run_id as string, name: (r.parent_name as string | null) ?? null }
      : null,
  }));
}

const toApprovalRow = rawRowMapper(approvals);
