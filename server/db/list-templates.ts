/**
 * The library query: templates not deleted, matched by every search word (name, description,
 * tags, node names), by tag and task type, sorted by name, last update or runs; each item carries
 * its node count, draft flag, runs count and last run status. One SQL statement, no version reads; the
 * same SQL on SQLite and PostgreSQL (decision 051).
 */
import type { RunStatus } from "@/lib/workflow/model/statuses";
import type { RawRow } from "./map-raw-row";
import type { SqlParam, SqlQueries } from "./sql/sql-db";
import { searchTerms } from "./template-summary";

export const TEMPLATE_SORTS = ["updated", "name", "runs"] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

export interface TemplateListFilter {
  search?: string;
  tag?: string;
  taskType?: string;
  sort?: TemplateSort;
  /** Soft-deleted templates instead of live ones (the admin's restore list). */
  deleted?: boolean;
  limit?: number;
}

export interface TemplateListItem {
  id: string;
  template_id: string;
  name: string;
  description: string;
  tags: string[];
  version: number;
  hash: string;
  createdAt: number;
  updatedAt: number;
  nodeCount: number;
  taskType: string;
  /** The latest version was saved with validation errors. */
  draft: boolean;
  runCount: number;
  lastRunStatus: RunStatus | null;
  deletedAt: number | null;
}

export interface TemplateList {
  items: TemplateListItem[];
  /** How many templates matched (items stop at `limit`). */
  total: number;
}

/** Every tag and task type of the live library, for the filters. */
export interface LibraryFacets {
  tags: string[];
  taskTypes: string[];
}

/** Columns of one list item; `t` is the templates table. */
/** Columns of one list item; `t` is the templates table. */
const LIST_ITEM_COLUMNS = `t.id, t.template_id, t.name, t.description, t.tags, t.latest_version, t.latest_hash,
  t.created_at, t.updated_at, t.node_count, t.task_type, t.latest_draft, t.deleted_at,
  (select count(*) from runs r where r.template_pk = t.id) as run_count,
  (select r.status from runs r where r.template_pk = t.id order by r.created_at desc limit 1) as last_run_status`;

/** By hand rather than with `rawRowMapper`: the whole library may be listed (thousands of rows) and this is the hot loop. */
function toListItem(r: RawRow): TemplateListItem {
  return {
    id: r.id as string,
    template_id: r.template_id as string,
    name: r.name as string,
    description: r.description as string,
    tags: JSON.parse(r.tags as string) as string[],
    version: r.latest_version as number,
    hash: r.latest_hash as string,
    createdAt: r.created_at as number,
    updatedAt: r.updated_at as number,
    nodeCount: r.node_count as number,
    taskType: r.task_type as string,
    // 0/1 on SQLite, a boolean on PostgreSQL.
    draft: Boolean(r.latest_draft),
    runCount: r.run_count as number,
    lastRunStatus: (r.last_run_status as RunStatus | null) ?? null,
    deletedAt: (r.deleted_at as number | null) ?? null,
  };
}

/** The list item of the template `pk` (a database id); undefined when there is none. */
export async function templateListItem(q: SqlQueries, pk: string): Promise<TemplateListItem | undefined> {
  const raw = await q.get<RawRow>(`select ${LIST_ITEM_COLUMNS} from templates t where t.id = ?`, [pk]);
  return raw && toListItem(raw);
}

// Names sort by `lower()`: SQLite's folds ASCII letters only (as `collate nocase` did), PostgreSQL's every
// letter, and ties of the fold come back in each database's own text order.
const ORDER: Record<TemplateSort, string> = {
  updated: "t.updated_at desc, t.id",
  name: "lower(t.name), t.updated_at desc, t.id",
  runs: "(select count(*) from runs r where r.template_pk = t.id) desc, t.updated_at desc, t.id",
};

/**
 * `text` contains `part`: `replace` is case-sensitive and has no wildcards on both databases (SQLite's `instr`
 * is not PostgreSQL's, and `like` folds ASCII case on SQLite only).
 */
const CONTAINS = (column: string) => `replace(${column}, ?, '') <> ${column}`;

export async function listTemplates(q: SqlQueries, filter: TemplateListFilter = {}): Promise<TemplateList> {
  const where = [filter.deleted ? "t.deleted_at is not null" : "t.deleted_at is null"];
  const params: SqlParam[] = [];
  // Both sides are lower-cased in JS (search_text on save), so matching is exact for any script, and
  // the user's % or _ mean themselves.
  for (const term of searchTerms(filter.search)) {
    where.push(CONTAINS("t.search_text"));
    params.push(term);
  }
  if (filter.tag) {
    where.push(CONTAINS("t.tags"));
    params.push(JSON.stringify(filter.tag));
  }
  if (filter.taskType) {
    where.push("t.task_type = ?");
    params.push(filter.taskType);
  }
  const whereSql = where.join(" and ");
  const order = ORDER[filter.sort ?? "updated"];
  // With a limit, an inner query picks the ids (a narrow sort: the wide search text is not carried
  // through it) and the run count and last status are computed for those rows only.
  const limit = filter.limit !== undefined ? ` limit ${Math.floor(filter.limit)}` : "";
  const rowsWhere = limit
    ? `t.id in (select t.id from templates t where ${whereSql} order by ${order}${limit})`
    : whereSql;
  const rows = await q.all<RawRow>(
    `select ${LIST_ITEM_COLUMNS} from templates t where ${rowsWhere} order by ${order}`,
    params,
  );
  const total = limit
    ? (await q.get<{ n: number }>(`select count(*) as n from templates t where ${whereSql}`, params))!.n
    : rows.length;
  return { items: rows.map(toListItem), total };
}

/** SQLite's `collate nocase`: ASCII letters folded, then code-unit order (the same on both databases). */
function byNocase(a: string, b: string): number {
  const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const [x, y] = [fold(a), fold(b)];
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Asked once per page rather than on every search keystroke (it reads every live template's tags). The tags
 * are gathered and sorted here: SQLite's `json_each` and PostgreSQL's JSON functions have no common form.
 */
export async function libraryFacets(q: SqlQueries): Promise<LibraryFacets> {
  const rows = await q.all<{ tags: string; task_type: string }>(
    "select tags, task_type from templates where deleted_at is null",
  );
  const tags = new Set<string>();
  const taskTypes = new Set<string>();
  for (const r of rows) {
    for (const tag of JSON.parse(r.tags) as unknown[]) if (typeof tag === "string") tags.add(tag);
    if (r.task_type !== "") taskTypes.add(r.task_type);
  }
  return { tags: [...tags].sort(byNocase), taskTypes: [...taskTypes].sort() };
}
