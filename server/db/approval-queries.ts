/**
 * SQL for the approvals table's writes: open (a new row per request; the node's earlier rows are marked
 * replaced), votes, close. They run inside the SQLite run store's commit transaction
 * (server/engine/approval-rows.ts); statements are prepared once per connection. What the API reads of them
 * (the inbox, one request) is ./approval-reads.ts, on either database.
 */
import type Database from "better-sqlite3";
import type { Db } from "./open-database";
import { perConnection } from "./per-connection";

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
  };
}

const stmts = perConnection(statements);

/** Writes a new request and marks the node's earlier ones as replaced by it. */
export function openApprovalRow(db: Db, a: ApprovalOpen): void {
  const s = stmts(db);
  s.open.run({ ...a, allowSelfApproval: a.allowSelfApproval ? 1 : 0 });
  s.replaced.run({ id: a.id, runId: a.runId, nodeId: a.nodeId });
}

/** The decisions given so far on an approval (JSON array of votes). */
export function updateApprovalVotes(db: Db, id: string, votesJson: string): void {
  stmts(db).votes.run(votesJson, id);
}

export function closeApprovalRow(db: Db, a: ApprovalClose): void {
  stmts(db).close.run(a);
}
