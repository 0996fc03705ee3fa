/**
 * SQL for the PostgreSQL run store (`server/engine/pg-run-store.ts`): a commit's rows go as arrays through
 * `unnest`, so one statement writes any number of rows — every run's update and events of a commit in one
 * statement, every node row in another. Event ids come from `runs.last_event_id`, bumped in the same
 * statement that writes the events, so two writers of one run can never hand out the same id.
 */
import pg, { type CustomTypesConfig, type QueryConfig } from "pg";
import { rawRowMapper } from "@/server/db/map-raw-row";
import { nodeRuns, runs } from "@/server/db/schema";

/** A `runs` / `node_runs` row as read (the PostgreSQL tables mirror the SQLite ones column for column). */
export const toRunRow = rawRowMapper(runs);
export const toNodeRow = rawRowMapper(nodeRuns);

/** bigint (int8) columns hold milliseconds: read them as numbers, not strings. */
const INT8 = 20;
const NUMERIC_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8 ? Number : pg.types.getTypeParser(oid, format ?? "text")) as CustomTypesConfig["getTypeParser"],
};

export function query(text: string, values: unknown[] = []): QueryConfig {
  return { text, values, types: NUMERIC_TYPES };
}

/** The columns of a commit, each an array with one entry per row (see `commitStatement`). */
export interface CommitColumns {
  /** Runs stored by this commit, with their state after it (19 columns, `CREATED_COLUMNS`). */
  created: unknown[][];
  /** Their template and plan (run_id, template_json, plan_json). */
  specs: unknown[][];
  /** Node rows written: every node of a created run, the touched ones of the others (10 columns). */
  nodes: unknown[][];
  /** Runs stored before: id, status, error, state, events added, started_at, finished_at. */
  updates: unknown[][];
  /** Events: run_id, ord (from 1 within the run), type, node_id, status, payload, created_at. */
  events: unknown[][];
}

const CREATED_COLUMNS = [
  ["id", "text"],
  ["template_pk", "text"],
  ["template_version", "int"],
  ["template_json", "text"],
  ["plan_json", "text"],
  ["name", "text"],
  ["status", "text"],
  ["variables", "text"],
  ["workspace", "text"],
  ["state", "text"],
  ["started_by", "text"],
  ["trigger_id", "text"],
  ["trigger_kind", "text"],
  ["parent_run_id", "text"],
  ["parent_node_id", "text"],
  ["error", "text"],
  ["last_event_id", "int"],
  ["started_at", "bigint"],
  ["finished_at", "bigint"],
] as const;
const NODE_TYPES = ["text", "text", "text", "int", "int", "text", "text", "text", "bigint", "bigint"];
const UPDATE_TYPES = ["text", "text", "text", "text", "int", "bigint", "bigint"];
const EVENT_TYPES = ["text", "int", "text", "text", "text", "text", "bigint"];

/**
 * A whole commit as ONE statement (so one round trip and its own transaction): created runs inserted with
 * their state after the commit, their specs, every node row, the update of every other run — bumping
 * `last_event_id` by the events it adds — and the events numbered from each run's stored last id. Returns
 * each run's base id (its events get base + 1, base + 2, …). Data-modifying CTEs all run to completion,
 * whether or not the final select reads them.
 */
export function commitStatement(c: CommitColumns): QueryConfig {
  const values: unknown[] = [];
  const arrays = (cols: unknown[][], types: readonly string[]) =>
    types.map((t, i) => (values.push(cols[i]), `$${values.length}::${t}[]`)).join(", ");
  const ctes: string[] = [];
  const bases: string[] = [];
  if (c.created[0].length) {
    const names = CREATED_COLUMNS.map(([n]) => n).join(", ");
    const list = arrays(
      c.created,
      CREATED_COLUMNS.map(([, t]) => t),
    );
    ctes.push(`cr as (insert into runs (${names}) select * from unnest(${list}) returning id, 0 as base)`);
    ctes.push(`cs as (insert into run_specs (run_id, template_json, plan_json)
      select * from unnest(${arrays(c.specs, ["text", "text", "text"])}) returning 1)`);
    bases.push("select id, base from cr");
  }
  if (c.nodes[0].length)
    ctes.push(`nr as (insert into node_runs (run_id, node_id, status, attempt, iteration, output, error, state,
        started_at, finished_at)
      select * from unnest(${arrays(c.nodes, NODE_TYPES)})
      on conflict (run_id, node_id) do update set status = excluded.status, attempt = excluded.attempt,
        output = excluded.output, error = excluded.error, state = excluded.state,
        started_at = excluded.started_at, finished_at = excluded.finished_at
      returning 1)`);
  if (c.updates[0].length) {
    ctes.push(`u as (update runs r set status = v.status, error = v.error, state = v.state,
        last_event_id = r.last_event_id + v.n, started_at = v.started_at, finished_at = v.finished_at
      from unnest(${arrays(c.updates, UPDATE_TYPES)}) as v(id, status, error, state, n, started_at, finished_at)
      where r.id = v.id
      returning r.id, r.last_event_id - v.n as base)`);
    bases.push("select id, base from u");
  }
  const all = bases.join(" union all ");
  if (c.events[0].length)
    ctes.push(`ev as (insert into run_events (run_id, id, type, node_id, status, payload, created_at)
      select e.run_id, b.base + e.ord, e.type, e.node_id, e.status, e.payload, e.created_at
      from unnest(${arrays(c.events, EVENT_TYPES)}) as e(run_id, ord, type, node_id, status, payload, created_at)
      join (${all}) b on b.id = e.run_id
      returning 1)`);
  return { text: `with ${ctes.join(", ")} ${all}`, values, types: NUMERIC_TYPES };
}

export const OPEN_APPROVAL = `insert into approvals (id, run_id, node_id, kind, stage, prompt, options, status, created_at,
    required_approvals, timeout_at, on_timeout, allow_self_approval)
  values ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10, $11, $12)`;
export const REPLACE_APPROVALS = `update approvals set replaced_by = $1
  where run_id = $2 and node_id = $3 and id <> $1 and replaced_by is null`;
export const APPROVAL_VOTES = `update approvals set votes = $1 where id = $2`;
export const CLOSE_APPROVAL = `update approvals set status = $2, decision = coalesce($3, decision),
    answer = coalesce($4, answer), comment = coalesce($5, comment), decided_by = coalesce($6, decided_by),
    decided_at = $7
  where id = $1`;

export const SELECT_RUN = `select * from runs where id = $1`;
export const SELECT_RUN_SPEC = `select template_json as "templateJson", plan_json as "planJson" from run_specs where run_id = $1`;
export const SELECT_NODE_RUNS = `select * from node_runs where run_id = $1`;
export const SELECT_EVENTS_AFTER = `select id, payload from run_events where run_id = $1 and id > $2 order by id limit $3`;
export const SELECT_OPEN_RUNS = `select id from runs where status in ('pending', 'running', 'waiting') order by created_at`;

/**
 * Node jobs for `wf worker` processes, in the commit's transaction: one graphile-worker job each, keyed
 * `runId:nodeId:attempt`, tried once (a lost worker's node follows its failure policy, not the queue's retries) —
 * all of a commit's in one `add_jobs` call (`add_job` per row cost ~3x as much of PostgreSQL's time, measured).
 */
export const ADD_NODE_JOBS = `select count(*) from graphile_worker.add_jobs(array(
  select row($1::text, j.payload, null, null, 1, j.key, null, null)::graphile_worker.job_spec
  from unnest($2::json[], $3::text[]) as j(payload, key)))`;
/** Some node rows of a run (a worker reads the node it runs and those before it). */
export const SELECT_SOME_NODE_RUNS = `select * from node_runs where run_id = $1 and node_id = any($2::text[])`;
