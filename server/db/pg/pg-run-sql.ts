/**
 * SQL for the PostgreSQL run store (`server/engine/pg-run-store.ts`): a commit's rows go as arrays through
 * `unnest`, so one statement writes any number of rows — every run's update and events of a commit in one
 * statement, every node row in another. Event ids come from `runs.last_event_id`, bumped in the same
 * statement that writes the events, so two writers of one run can never hand out the same id.
 */
import pg, { type CustomTypesConfig, type QueryConfig } from "pg";

/** bigint (int8) columns hold milliseconds: read them as numbers, not strings. */
const INT8 = 20;
const NUMERIC_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8 ? Number : pg.types.getTypeParser(oid, format ?? "text")) as CustomTypesConfig["getTypeParser"],
};

export function query(text: string, values: unknown[] = []): QueryConfig {
  return { text, values, types: NUMERIC_TYPES };
}

export const INSERT_RUNS = `insert into runs (id, template_pk, template_version, template_json, plan_json, name, status,
    variables, workspace, state, started_by, trigger_id, trigger_kind, parent_run_id, parent_node_id)
  select * from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
    $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[])`;

export const INSERT_RUN_SPECS = `insert into run_specs (run_id, template_json, plan_json)
  select * from unnest($1::text[], $2::text[], $3::text[])`;

export const UPSERT_NODE_RUNS = `insert into node_runs (run_id, node_id, status, attempt, iteration, output, error, state,
    started_at, finished_at)
  select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[],
    $9::bigint[], $10::bigint[])
  on conflict (run_id, node_id) do update set status = excluded.status, attempt = excluded.attempt,
    output = excluded.output, error = excluded.error, state = excluded.state,
    started_at = excluded.started_at, finished_at = excluded.finished_at`;

/**
 * Every run's update, with the number of events it adds, and the events numbered from the run's stored last
 * id (`ord` counts from 1 within the run); returns each run's first id minus one.
 */
export const UPDATE_RUNS_WITH_EVENTS = `with u as (
    update runs r set status = v.status, error = v.error, state = v.state,
      last_event_id = r.last_event_id + v.n, started_at = v.started_at, finished_at = v.finished_at
    from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::bigint[])
      as v(id, status, error, state, n, started_at, finished_at)
    where r.id = v.id
    returning r.id, r.last_event_id - v.n as base
  ), ins as (
    insert into run_events (run_id, id, type, node_id, status, payload, created_at)
    select e.run_id, u.base + e.ord, e.type, e.node_id, e.status, e.payload, e.created_at
    from unnest($8::text[], $9::int[], $10::text[], $11::text[], $12::text[], $13::text[], $14::bigint[])
      as e(run_id, ord, type, node_id, status, payload, created_at)
    join u on u.id = e.run_id
  )
  select id, base from u`;

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
