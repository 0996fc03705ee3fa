/** `run.list`'s input and page (docs/api.md): newest first, `limit` items, `nextCursor` for the next page. */
import * as z from "zod";
import { RUN_STATUSES } from "@/lib/workflow/model/statuses";
import type { SqlQueries } from "@/server/db/sql/sql-db";
import type { RunRowLite } from "@/server/db/run-queries";
import { parseRunCursor, runCursorOf, selectNodeCounts, selectRunPage } from "@/server/db/run-list-query";
import { PUBLIC_NODE_STATUS, runListItem } from "./run-details";
import type { NodeStatus } from "@/lib/workflow/model/statuses";

export const RunListInput = z.object({
  status: z.enum(RUN_STATUSES).optional(),
  /** The template's database id (`tpl_…`) or its `template_id`. */
  templateId: z.string().min(1).optional(),
  /** Runs this trigger started (docs/triggers.md). */
  triggerId: z.string().min(1).max(100).optional(),
  /** The child runs (sub-workflows) of this run. */
  parentRunId: z.string().min(1).max(100).optional(),
  limit: z.number().int().min(1).max(500).default(50),
  cursor: z
    .string()
    .refine((c) => parseRunCursor(c) !== undefined, "not a cursor from run.list (expected the nextCursor it returned)")
    .optional(),
});
export type RunListQuery = z.input<typeof RunListInput>;

export async function listRunPage(sql: SqlQueries, input: RunListQuery) {
  const q = RunListInput.parse(input);
  const { rows, more } = await selectRunPage(sql, { ...q, cursor: q.cursor ? parseRunCursor(q.cursor) : undefined });
  const items = await runListItems(sql, rows);
  const last = rows.at(-1);
  return { items, ...(more && last ? { nextCursor: runCursorOf(last) } : {}) };
}

/** run.list items (and live.watch's `run` messages) for these rows: one grouped query for their node counts. */
export async function runListItems(sql: SqlQueries, rows: readonly RunRowLite[]) {
  const counts = await selectNodeCounts(
    sql,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...runListItem(r), nodeCounts: publicCounts(counts.get(r.id) ?? {}) }));
}

/** Counts by the statuses run.get shows (ready and interrupted read as pending). */
function publicCounts(counts: Partial<Record<NodeStatus, number>>): Partial<Record<NodeStatus, number>> {
  const out: Partial<Record<NodeStatus, number>> = {};
  for (const [status, n] of Object.entries(counts) as [NodeStatus, number][]) {
    const s = PUBLIC_NODE_STATUS[status] ?? status;
    out[s] = (out[s] ?? 0) + n;
  }
  return out;
}

export type RunListItem = Awaited<ReturnType<typeof runListItems>>[number];
