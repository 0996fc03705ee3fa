/**
 * The append-only audit log: who did what to which target, when (docs/api.md, `audit.list`). The rows
 * recorded in one turn of the event loop — the audited mutations of concurrent requests, each run.start's —
 * are written together, one multi-row insert instead of a commit each; `record` resolves once its row is
 * stored (`TurnBatch`, the same grouping the trigger store's fires use).
 */
import { rawRowMapper, type RawRow } from "@/server/db/map-raw-row";
import { auditLog } from "@/server/db/schema";
import type { SqlDb, SqlParam } from "@/server/db/sql/sql-db";
import { TurnBatch } from "@/server/db/sql/turn-batch";

export interface AuditEntry {
  actor: string;
  action: string;
  target?: string;
  detail?: Record<string, unknown>;
}

export interface AuditItem {
  id: number;
  at: number;
  actor: string;
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

const toAuditRow = rawRowMapper(auditLog);

function insertStatement(rows: number): string {
  const row = "(?, ?, ?, ?, ?)";
  return `insert into audit_log (at, actor, action, target, detail) values ${Array(rows).fill(row).join(", ")}`;
}

export class AuditLog {
  /** Rows of one turn, ≤ 500 per insert (5 values each, far below either database's limit on bound values). */
  private readonly rows: TurnBatch<SqlParam[]>;

  constructor(private readonly sql: SqlDb) {
    this.rows = new TurnBatch((rows) => sql.run(insertStatement(rows.length), rows.flat()));
  }

  async record(entry: AuditEntry, at = Date.now()): Promise<void> {
    // Serialised here, so an entry that cannot be fails alone.
    const values = [at, entry.actor, entry.action, entry.target ?? "", JSON.stringify(entry.detail ?? {})];
    return this.rows.add(values);
  }

  /** Newest first; `cursor` is the id of the last item of the previous page. */
  async list(q: {
    actor?: string;
    action?: string;
    limit?: number;
    cursor?: number;
  }): Promise<{ items: AuditItem[]; nextCursor?: number }> {
    const limit = q.limit ?? 100;
    const where: string[] = [];
    const params: SqlParam[] = [];
    const filter = (clause: string, value: SqlParam) => (where.push(clause), params.push(value));
    if (q.actor) filter("actor = ?", q.actor);
    if (q.action) filter("action = ?", q.action);
    if (q.cursor !== undefined) filter("id < ?", q.cursor);
    const rows = await this.sql.all<RawRow>(
      `select * from audit_log ${where.length ? `where ${where.join(" and ")}` : ""} order by id desc limit ?`,
      [...params, limit + 1],
    );
    const items = rows.slice(0, limit).map((raw) => {
      const row = toAuditRow(raw);
      return { ...row, detail: JSON.parse(row.detail) as Record<string, unknown> };
    });
    return rows.length > limit ? { items, nextCursor: items[items.length - 1]!.id } : { items };
  }
}
