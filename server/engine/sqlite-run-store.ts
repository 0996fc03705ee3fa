/**
 * The SQLite RunStore: node states live in node_runs, run-level fields in runs, events in run_events, and
 * what the run was planned from (template, plan) in run_specs, written once.
 */
import type { Statement } from "better-sqlite3";
import type { Db } from "@/server/db/open-database";
import { insertRunSpec, selectRunSpec } from "@/server/db/run-spec-queries";
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import {
  inTransaction,
  insertRunEvents,
  insertRunRow,
  selectEventsAfter,
  selectNodeRuns,
  selectOpenRunIds,
  selectRunRow,
  updateRunRow,
  upsertNodeRuns,
  type EventWrite,
  type NodeRunWrite,
} from "@/server/db/run-queries";
import { RunEventSchema, runEventStatus } from "@/lib/workflow/run/run-events";
import type { RunState } from "@/lib/workflow/run/run-state";
import { writeApprovalCommands } from "./approval-rows";
import { markRunUnreadable } from "@/server/db/mark-run-unreadable";
import { nodeStateToRow } from "./run-state-rows";
import { storedRunFromRows } from "./stored-run-from-rows";
import {
  runSpecJson,
  type NewRun,
  type RunBatch,
  type StoredEvent,
  type StoredRun,
  type SyncRunStore,
} from "./run-store";

function runUpdate(state: RunState, lastEventId: number) {
  return {
    status: state.status,
    error: state.error ?? null,
    state: JSON.stringify(
      state.outputs ? { stopping: state.stopping, outputs: state.outputs } : { stopping: state.stopping },
    ),
    lastEventId,
    startedAt: state.startedAt ?? null,
    finishedAt: state.finishedAt ?? null,
  };
}

export class SqliteRunStore implements SyncRunStore {
  private lastIds = new Map<string, number>();

  constructor(readonly db: Db) {}

  /** Writes every batch in one transaction (a batch with `created` stores its run first). */
  commit(batches: RunBatch[]): Map<string, StoredEvent[]> {
    const out = new Map<string, StoredEvent[]>();
    // The last ids move with the writes; a transaction that rolls back takes them back too.
    const lastIds = new Map(batches.map((b) => [b.runId, this.lastIds.get(b.runId)]));
    try {
      inTransaction(this.db, () => {
        for (const b of batches) {
          if (b.created) this.writeCreated(b.created);
          out.set(b.runId, this.writeBatch(b));
        }
      });
    } catch (err) {
      for (const [runId, last] of lastIds) {
        if (last === undefined) this.lastIds.delete(runId);
        else this.lastIds.set(runId, last);
      }
      throw err;
    }
    return out;
  }

  /** The run's row and its spec; its node rows are the batch's `touched` (`unwritten-node-rows.ts`). */
  private writeCreated(run: NewRun): void {
    insertRunRow(this.db, {
      id: run.runId,
      templatePk: run.templatePk ?? null,
      templateVersion: run.templateVersion ?? null,
      // In run_specs: this row is rewritten every tick, a large snapshot here would be too.
      templateJson: "",
      planJson: "{}",
      name: run.name,
      status: run.state.status,
      variables: JSON.stringify(run.state.vars),
      workspace: run.workspace,
      state: JSON.stringify({ stopping: false }),
      startedBy: run.startedBy ? JSON.stringify(run.startedBy) : null,
      triggerId: run.trigger?.id ?? null,
      triggerKind: run.trigger?.kind ?? null,
      parentRunId: run.parent?.runId ?? null,
      parentNodeId: run.parent?.nodeId ?? null,
    });
    insertRunSpec(this.db, run.runId, ...runSpecJson(run));
    this.lastIds.set(run.runId, 0);
  }

  private writeBatch(b: RunBatch): StoredEvent[] {
    let last = this.lastIds.get(b.runId) ?? selectRunRow(this.db, b.runId)?.lastEventId ?? 0;
    const stored: StoredEvent[] = [];
    const rows: EventWrite[] = [];
    for (const event of b.events) {
      last++;
      rows.push({
        id: last,
        type: event.type,
        nodeId: "nodeId" in event ? event.nodeId : null,
        status: runEventStatus(event),
        payload: JSON.stringify(event),
        createdAt: event.at,
      });
      stored.push({ id: last, runId: b.runId, event });
    }
    insertRunEvents(this.db, b.runId, rows);
    const nodes: NodeRunWrite[] = [];
    for (const id of b.touched) nodes.push(nodeStateToRow(id, b.plan.nodes[id].iteration, b.state.nodes[id]));
    upsertNodeRuns(this.db, b.runId, nodes);
    writeApprovalCommands(this.db, b.runId, b.approvals, b.decisions);
    updateRunRow(this.db, b.runId, runUpdate(b.state, last));
    // A finished run is loaded again (with its last id) if it is re-run; the map stays small.
    if (isTerminalRunStatus(b.state.status)) this.lastIds.delete(b.runId);
    else this.lastIds.set(b.runId, last);
    return stored;
  }

  loadRun(runId: string): StoredRun | undefined {
    const row = selectRunRow(this.db, runId);
    if (!row) return undefined;
    const stored = storedRunFromRows(runId, row, selectRunSpec(this.db, runId), selectNodeRuns(this.db, runId));
    this.lastIds.set(runId, row.lastEventId);
    return stored;
  }

  private pageStatement?: Statement;
  private eventPage(): Statement {
    this.pageStatement ??= this.db.$client.prepare(
      `select id, payload from run_events where run_id = ? and id > ? order by id limit ?`,
    );
    return this.pageStatement;
  }

  markUnreadable(runId: string, reason: string, at: number): boolean {
    this.lastIds.delete(runId);
    return markRunUnreadable(this.db, runId, reason, at);
  }

  openRunIds(): string[] {
    return selectOpenRunIds(this.db);
  }

  eventsAfter(runId: string, afterId: number, limit?: number): StoredEvent[] {
    const rows =
      limit === undefined
        ? selectEventsAfter(this.db, runId, afterId)
        : (this.eventPage().all(runId, afterId, limit) as { id: number; payload: string }[]);
    return rows.map((r) => ({ id: r.id, runId, event: RunEventSchema.parse(JSON.parse(r.payload)) }));
  }
}
