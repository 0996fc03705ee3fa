/**
 * `run.list`'s page: newest first by (created_at, id) on an index, one row more than asked to know
 * whether a next page exists, without the template, plan and state JSON. The cursor is the last
 * item's `<createdAt>:<id>`; node counts come from one grouped query over the page's runs.
 */
import type { NodeStatus } from "@/lib/workflow/model/statuses";
import type { SqlParam, SqlQueries } from "./sql/sql-db";
import { RUN_LITE_COLUMNS, toRunRowLite, type RunRowLite } from "./run-queries";

export interface RunPageQuery {
  status?: string;
  /** The template's database id (`tpl_…`) or its own `template_id`. */
  templateId?: string;
  /** Runs one trigger started. */
  triggerId?: string;
  /** A run's child runs (sub-workflows). */
  parentRunId?: string;
  limit: number;
  cursor?: { createdAt: number; id: string };
}

/** `<createdAt>:<runId>` → its parts, or undefined when it is not such a cursor. */
export function parseRunCursor(cursor: string): { createdAt: number; id: string } | undefined {
  const m = /^(\d{1,16}):(.+)$/.exec(cursor);
  return m ? { createdAt: Number(m[1]), id: m[2] } : undefined;
}

export function runCursorOf(row: Pick<RunRowLite, "createdAt" | "id">): string {
  return `${row.createdAt}:${row.id}`;
}

export async function selectRunPage(sql: SqlQueries, q: RunPageQuery): Promise<{ rows: RunRowLite[]; more: boolean }> {
  const where: string[] = [];
  const params: SqlParam[] = [];
  if (q.status) {
    where.push("status = ?");
    params.push(q.status);
  }
  if (q.templateId) {
    where.push("template_pk = coalesce((select id from templates where template_id = ?), ?)");
    params.push(q.templateId, q.templateId);
  }
  if (q.triggerId) {
    where.push("trigger_id = ?");
    params.push(q.triggerId);
  }
  if (q.parentRunId) {
    where.push("parent_run_id = ?");
    params.push(q.parentRunId);
  }
  if (q.cursor) {
    // A row value comparison walks the (created_at, id) index from the cursor on.
    where.push("(created_at, id) < (?, ?)");
    params.push(q.cursor.createdAt, q.cursor.id);
  }
  const text = `select ${RUN_LITE_COLUMNS} from runs ${where.length ? `where ${where.join(" and ")}` : ""}
    order by created_at desc, id desc limit ?`;
  const raw = await sql.all<Record<string, unknown>>(text, [...params, q.limit + 1]);
  const rows = raw.slice(0, q.limit).map(toRunRowLite);
  return { rows, more: raw.length > q.limit };
}

/** Node counts per status for the given runs (one grouped query). */
export async function selectNodeCounts(
  sql: SqlQueries,
  runIds: readonly string[],
): Promise<Map<string, Partial<Record<NodeStatus, number>>>> {
  const out = new Map<string, Partial<Record<NodeStatus, number>>>();
  if (!runIds.length) return out;
  const rows = await sql.all<{ run_id: string; status: NodeStatus; n: number }>(
    `select run_id, status, count(*) as n from node_runs where run_id in (${runIds.map(() => "?").join(",")})
       group by run_id, status`,
    runIds,
  );
  for (const r of rows) {
    const counts = out.get(r.run_id) ?? {};
    counts[r.status] = Number(r.n);
    out.set(r.run_id, counts);
  }
  return out;
}
