/**
 * The library query: templates not deleted, matched by every search word (name, description,
 * tags, node names), by tag and task type, sorted by name, last update or runs; each item carries
 * its node count, draft flag, runs count and last run status. One SQL statement, no version reads.
 */
import type { RunStatus } from "@/lib/workflow/model/statuses";
import type { Db } from "./open-database";
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
export const LIST_ITEM_COLUMNS = `t.id, t.template_id, t.name, t.description, t.tags, t.latest_version, t.latest_hash,
  t.created_at, t.updated_at, t.node_count, t.task_type, t.latest_draft, t.deleted_at,
  (select count(*) from runs r where r.template_pk = t.id) as run_count,
  (select r.status from runs r where r.template_pk = t.id order by r.created_at desc limit 1) as last_run_status`;

type RawItem = Record<string, unknown>;

export function toListItem(r: RawItem): TemplateListItem {
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
    draft: r.latest_draft === 1,
    runCount: r.run_count as number,
    lastRunStatus: (r.last_run_status as RunStatus | null) ?? null,
    deletedAt: (r.deleted_at as number | null) ?? null,
  };
}

const ORDER: Record<TemplateSort, string> = {
  updated: "t.updated_at desc, t.id",
  name: "t.name collate nocase, t.updated_at desc, t.id",
  runs: "(select count(*) from runs r where r.template_pk = t.id) desc, t.updated_at desc, t.id",
};

export function listTemplates(db: Db, filter: TemplateListFilter = {}): TemplateList {
  const where = [filter.deleted ? "t.deleted_at is not null" : "t.deleted_at is null"];
  const params: (string | number)[] = [];
  // Both sides are lower-cased in JS (search_text on save), so instr matches any script, and
  // the user's % or _ mean themselves.
  for (const term of searchTerms(filter.search)) {
    where.push("instr(t.search_text, ?) > 0");
    params.push(term);
  }
  if (filter.tag) {
    where.push("instr(t.tags, ?) > 0");
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
  const rows = db.$client
    .prepare(`select ${LIST_ITEM_COLUMNS} from templates t where ${rowsWhere} order by ${order}`)
    .all(...params) as RawItem[];
  const total = limit
    ? (db.$client.prepare(`select count(*) as n from templates t where ${whereSql}`).get(...params) as { n: number }).n
    : rows.length;
  return { items: rows.map(toListItem), total };
}

/** Asked once per page rather than on every search keystroke (it reads every template's tags). */
export function libraryFacets(db: Db): LibraryFacets {
  const tags = db.$client
    .prepare(
      `select distinct j.value as v from templates t, json_each(t.tags) j where t.deleted_at is null order by 1 collate nocase`,
    )
    .all() as { v: string }[];
  const taskTypes = db.$client
    .prepare(`select distinct task_type as v from templates where deleted_at is null and task_type <> '' order by 1`)
    .all() as { v: string }[];
  return { tags: tags.map((r) => r.v), taskTypes: taskTypes.map((r) => r.v) };
}
