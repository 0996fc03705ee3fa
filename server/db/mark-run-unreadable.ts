/**
 * A stored run that can no longer be read (its template does not parse, a row holds bad JSON, a secret
 * it needs no longer decrypts) is closed in one transaction, touching only columns that need no
 * parsing: the run `failed` with the reason, a `run.finished` event after its last one, nodes that were
 * running `interrupted`, its open approvals cancelled. Returns false when even that cannot be written.
 */
import type { Db } from "./open-database";
import { inTransaction } from "./run-queries";

export function markRunUnreadable(db: Db, runId: string, reason: string, at: number): boolean {
  const sqlite = db.$client;
  try {
    return inTransaction(db, () => {
      const row = sqlite.prepare(`select last_event_id as last from runs where id = ?`).get(runId) as
        { last: number } | undefined;
      if (!row) return false;
      const id = (Number.isInteger(row.last) ? row.last : 0) + 1;
      const event = { type: "run.finished", at, status: "failed", error: reason };
      sqlite
        .prepare(
          `insert into run_events (run_id, id, type, node_id, status, payload, created_at) values (?, ?, ?, null, 'failed', ?, ?)`,
        )
        .run(runId, id, event.type, JSON.stringify(event), at);
      sqlite
        .prepare(`update runs set status = 'failed', error = ?, finished_at = ?, last_event_id = ? where id = ?`)
        .run(reason, at, id, runId);
      sqlite.prepare(`update node_runs set status = 'interrupted' where run_id = ? and status = 'running'`).run(runId);
      sqlite
        .prepare(`update approvals set status = 'cancelled', decided_at = ? where run_id = ? and status = 'pending'`)
        .run(at, runId);
      return true;
    });
  } catch {
    return false;
  }
}
