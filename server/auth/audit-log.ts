/** The append-only audit log: who did what to which target, when (docs/api.md, `audit.list`). */
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { perConnection } from "@/server/db/per-connection";
import type { Db } from "@/server/db/open-database";
import { auditLog, type AuditRow } from "@/server/db/schema";

export interface AuditEntry {
  actor: string;
  action: string;
  target?: string;
  detail?: Record<string, unknown>;
}

// One prepared statement per connection: every audited mutation (each run.start) writes a row.
const insertStatement = perConnection((sqlite) =>
  sqlite.prepare<[number, string, string, string, string]>(
    "insert into audit_log (at, actor, action, target, detail) values (?, ?, ?, ?, ?)",
  ),
);

export function recordAudit(db: Db, entry: AuditEntry, at = Date.now()): void {
  insertStatement(db).run(at, entry.actor, entry.action, entry.target ?? "", JSON.stringify(entry.detail ?? {}));
}

export interface AuditItem {
  id: number;
  at: number;
  actor: string;
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

function toItem(row: AuditRow): AuditItem {
  return { ...row, detail: JSON.parse(row.detail) as Record<string, unknown> };
}

/** Newest first; `cursor` is the id of the last item of the previous page. */
export function listAudit(
  db: Db,
  q: { actor?: string; action?: string; limit?: number; cursor?: number },
): { items: AuditItem[]; nextCursor?: number } {
  const limit = q.limit ?? 100;
  const where: SQL[] = [];
  if (q.actor) where.push(eq(auditLog.actor, q.actor));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.cursor !== undefined) where.push(lt(auditLog.id, q.cursor));
  const rows = db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1)
    .all();
  const items = rows.slice(0, limit).map(toItem);
  return rows.length > limit ? { items, nextCursor: items[items.length - 1]!.id } : { items };
}
