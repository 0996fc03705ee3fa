/**
 * The PostgreSQL RunStore: the same tables and rows as the SQLite store (`sqlite-run-store.ts`), written
 * asynchronously. `commit` turns the batches into column arrays before it returns (the engine goes on
 * changing its runs while the transaction is in flight), then writes them in one transaction of a few
 * statements whatever the number of runs and rows (`server/db/pg/pg-run-sql.ts`). Event ids are handed out
 * by the database from `runs.last_event_id`, so the store keeps no cache a second process could contradict.
 */
import type { Pool, PoolClient } from "pg";
import type { RunCommand } from "@/lib/workflow/run/run-commands";
import { RunEventSchema, runEventStatus } from "@/lib/workflow/run/run-events";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { RawRow } from "@/server/db/map-raw-row";
import * as sql from "@/server/db/pg/pg-run-sql";
import {
  runSpecJson,
  type ApprovalDecisionInfo,
  type RunBatch,
  type RunStore,
  type StoredEvent,
  type StoredRun,
} from "./run-store";
import { nodeStateToRow } from "./run-state-rows";
import { storedRunFromRows } from "./stored-run-from-rows";
import { NODE_JOB_TASK, nodeJobKey, type NodeJob } from "./node-jobs";

type Columns = unknown[][];
const columns = (n: number): Columns => Array.from({ length: n }, () => []);
function push(cols: Columns, ...values: unknown[]): void {
  values.forEach((v, i) => cols[i].push(v));
}

/** A commit as statements, read off the batches at once. */
interface CommitPlan extends sql.CommitColumns {
  approvals: { text: string; values: unknown[] }[];
  /** Per run, in order, the events whose ids the database gives. */
  stored: Map<string, StoredEvent[]>;
}

export interface PgRunStoreOptions {
  /**
   * Launched attempts become `wf_node` jobs for `wf worker` processes, enqueued in the commit that stores
   * their `node.started` (graphile-worker's `add_job`, job key `runId:nodeId:attempt`); `owner` names the
   * engine whose task gets the answers (`node-jobs.ts`).
   */
  nodeJobs?: { owner: string };
}

export class PgRunStore implements RunStore {
  readonly asynchronous = true;

  constructor(
    private readonly pool: Pool,
    private readonly options: PgRunStoreOptions = {},
  ) {}

  commit(batches: RunBatch[]): Promise<Map<string, StoredEvent[]>> {
    let plan: CommitPlan;
    try {
      plan = planCommit(batches);
      if (this.options.nodeJobs) plan.approvals.push(...nodeJobStatements(batches, this.options.nodeJobs.owner));
    } catch (err) {
      return Promise.reject(err as Error);
    }
    const statement = sql.commitStatement(plan);
    const numbered = (rows: { id: string; base: number }[]) => {
      if (rows.length !== plan.stored.size) throw new Error("a run of this commit is not stored");
      for (const { id, base } of rows) plan.stored.get(id)!.forEach((e, i) => (e.id = base + i + 1));
      return plan.stored;
    };
    // The common commit is one statement, its own transaction; approval rows and node jobs need a few more around it.
    if (!plan.approvals.length)
      return this.pool.query<{ id: string; base: number }>(statement).then((r) => numbered(r.rows));
    return this.inTransaction(async (c) => {
      const bases = await c.query<{ id: string; base: number }>(statement);
      for (const a of plan.approvals) await c.query(sql.query(a.text, a.values));
      return numbered(bases.rows);
    });
  }

  async loadRun(runId: string): Promise<StoredRun | undefined> {
    const [run, spec, nodes] = await Promise.all([
      this.pool.query<RawRow>(sql.query(sql.SELECT_RUN, [runId])),
      this.pool.query<{ templateJson: string; planJson: string }>(sql.query(sql.SELECT_RUN_SPEC, [runId])),
      this.pool.query<RawRow>(sql.query(sql.SELECT_NODE_RUNS, [runId])),
    ]);
    if (!run.rows[0]) return undefined;
    return storedRunFromRows(runId, sql.toRunRow(run.rows[0]), spec.rows[0], nodes.rows.map(sql.toNodeRow));
  }

  async openRunIds(): Promise<string[]> {
    return (await this.pool.query<{ id: string }>(sql.query(sql.SELECT_OPEN_RUNS))).rows.map((r) => r.id);
  }

  async markUnreadable(runId: string, reason: string, at: number): Promise<boolean> {
    try {
      return await this.inTransaction(async (c) => {
        const { rows } = await c.query<{ last: number }>(
          sql.query(`select last_event_id as last from runs where id = $1 for update`, [runId]),
        );
        if (!rows[0]) return false;
        const id = rows[0].last + 1;
        const event = { type: "run.finished", at, status: "failed", error: reason };
        await c.query(
          sql.query(
            `insert into run_events (run_id, id, type, node_id, status, payload, created_at) values ($1, $2, $3, null, 'failed', $4, $5)`,
            [runId, id, event.type, JSON.stringify(event), at],
          ),
        );
        await c.query(
          sql.query(
            `update runs set status = 'failed', error = $1, finished_at = $2, last_event_id = $3 where id = $4`,
            [reason, at, id, runId],
          ),
        );
        await c.query(
          sql.query(`update node_runs set status = 'interrupted' where run_id = $1 and status = 'running'`, [runId]),
        );
        await c.query(
          sql.query(
            `update approvals set status = 'cancelled', decided_at = $1 where run_id = $2 and status = 'pending'`,
            [at, runId],
          ),
        );
        return true;
      });
    } catch {
      return false;
    }
  }

  async eventsAfter(runId: string, afterId: number, limit?: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<{ id: number; payload: string }>(
      sql.query(sql.SELECT_EVENTS_AFTER, [runId, afterId, limit ?? null]),
    );
    return rows.map((r) => ({ id: r.id, runId, event: RunEventSchema.parse(JSON.parse(r.payload)) }));
  }

  private async inTransaction<T>(fn: (c: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query("begin");
      const out = await fn(client);
      await client.query("commit");
      return out;
    } catch (err) {
      await client.query("rollback").catch(() => (broken = true));
      throw err;
    } finally {
      // A connection that cannot even roll back is dropped, not handed to the next commit.
      client.release(broken);
    }
  }
}

function planCommit(batches: readonly RunBatch[]): CommitPlan {
  const p: CommitPlan = {
    created: columns(19),
    specs: columns(3),
    nodes: columns(10),
    updates: columns(7),
    events: columns(7),
    approvals: [],
    stored: new Map(),
  };
  for (const b of batches) {
    if (b.created) {
      const r = b.created;
      const st = b.state;
      push(
        p.created,
        ...[r.runId, r.templatePk ?? null, r.templateVersion ?? null, "", "{}", r.name, st.status],
        ...[JSON.stringify(r.state.vars), r.workspace, runStateJson(st)],
        ...[r.startedBy ? JSON.stringify(r.startedBy) : null, r.trigger?.id ?? null, r.trigger?.kind ?? null],
        ...[r.parent?.runId ?? null, r.parent?.nodeId ?? null],
        ...[st.error ?? null, b.events.length, st.startedAt ?? null, st.finishedAt ?? null],
      );
      push(p.specs, r.runId, ...runSpecJson(r));
    }
    for (const id of b.touched)
      pushNode(p.nodes, b.runId, nodeStateToRow(id, b.plan.nodes[id].iteration, b.state.nodes[id]));
    const stored: StoredEvent[] = [];
    b.events.forEach((event, i) => {
      const nodeId = "nodeId" in event ? event.nodeId : null;
      push(p.events, b.runId, i + 1, event.type, nodeId, runEventStatus(event), JSON.stringify(event), event.at);
      stored.push({ id: 0, runId: b.runId, event });
    });
    p.stored.set(b.runId, stored);
    if (!b.created) push(p.updates, b.runId, ...runUpdate(b.state, b.events.length));
    p.approvals.push(...approvalStatements(b.runId, b.approvals, b.decisions));
  }
  return p;
}

/** One `add_job` per launched attempt, all in one statement; none when nothing launches. */
function nodeJobStatements(batches: readonly RunBatch[], owner: string): { text: string; values: unknown[] }[] {
  const payloads: string[] = [];
  const keys: string[] = [];
  for (const b of batches)
    for (const { nodeId, attempt, launch } of b.launched ?? []) {
      const job: NodeJob = { runId: b.runId, nodeId, attempt, launch, owner };
      payloads.push(JSON.stringify(job));
      keys.push(nodeJobKey(job));
    }
  return payloads.length ? [{ text: sql.ADD_NODE_JOBS, values: [NODE_JOB_TASK, payloads, keys] }] : [];
}

function pushNode(cols: Columns, runId: string, n: ReturnType<typeof nodeStateToRow>): void {
  push(cols, runId, n.nodeId, n.status, n.attempt, n.iteration, n.output, n.error, n.state, n.startedAt, n.finishedAt);
}

/** The run-level part of a state the runs row keeps as JSON (the rest is in columns and node rows). */
function runStateJson(state: RunState): string {
  return JSON.stringify(
    state.outputs ? { stopping: state.stopping, outputs: state.outputs } : { stopping: state.stopping },
  );
}

function runUpdate(state: RunState, added: number): unknown[] {
  const { status, error, startedAt, finishedAt } = state;
  return [status, error ?? null, runStateJson(state), added, startedAt ?? null, finishedAt ?? null];
}

function approvalStatements(
  runId: string,
  commands: readonly RunCommand[],
  decisions: ReadonlyMap<string, ApprovalDecisionInfo>,
): { text: string; values: unknown[] }[] {
  const out: { text: string; values: unknown[] }[] = [];
  for (const c of commands) {
    if (c.type === "ask") {
      const q = c.request;
      const options = q.options ? JSON.stringify(q.options) : null;
      out.push({
        text: sql.OPEN_APPROVAL,
        values: [c.approvalId, runId, c.nodeId, q.kind, q.stage ?? null, q.prompt ?? null, options, Date.now()],
      });
      out[out.length - 1].values.push(
        q.required ?? 1,
        q.timeoutAt ?? null,
        q.onTimeout ?? null,
        q.allowSelfApproval !== false,
      );
      out.push({ text: sql.REPLACE_APPROVALS, values: [c.approvalId, runId, c.nodeId] });
    } else if (c.type === "record-votes") {
      out.push({ text: sql.APPROVAL_VOTES, values: [JSON.stringify(c.votes), c.approvalId] });
    } else if (c.type === "close-approval") {
      const d = decisions.get(c.approvalId);
      out.push({
        text: sql.CLOSE_APPROVAL,
        values: [
          c.approvalId,
          c.status,
          d?.decision ?? null,
          d?.answer ?? null,
          d?.comment ?? null,
          d?.by ?? null,
          Date.now(),
        ],
      });
    }
  }
  return out;
}
