/** The API's view of runs: `run.get`'s `{ run, nodes }` and `run.list`'s items (docs/api.md). */
import type { NodeStatus } from "@/lib/workflow/model/statuses";
import { startedByOf, type RunRowLite } from "@/server/db/run-queries";
import { andThen } from "./maybe-promise";
import type { RunStore, StoredRun, StoreResult } from "./run-store";

/** Statuses of the `--json` / API shape: transient ones read as pending. */
export const PUBLIC_NODE_STATUS: Partial<Record<NodeStatus, NodeStatus>> = { ready: "pending", interrupted: "pending" };

export function runListItem(row: RunRowLite) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    error: row.error,
    templateId: row.templatePk,
    templateVersion: row.templateVersion,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    lastEventId: row.lastEventId,
    /** Who started it (email), when known. */
    startedBy: startedByOf(row)?.email ?? null,
    /** The trigger that started it (docs/triggers.md), else null. */
    trigger: row.triggerId && row.triggerKind ? { id: row.triggerId, kind: row.triggerKind } : null,
    /** A sub-workflow run: the run and workflow node that started it; else null. */
    parentRunId: row.parentRunId ?? null,
    parentNodeId: row.parentNodeId ?? null,
  };
}

/** `run.get`'s answer from the store (at once over SQLite, a promise over PostgreSQL); undefined for no such run. */
export function runDetails<S extends RunStore>(store: S, runId: string): StoreResult<S, RunDetails | undefined> {
  return andThen(store.loadRun(runId), (stored) => (stored ? detailsOf(stored) : undefined)) as StoreResult<
    S,
    RunDetails | undefined
  >;
}

export type RunDetails = ReturnType<typeof detailsOf>;

function detailsOf(stored: StoredRun) {
  // The stored state: what every client has been sent (the in-memory one may be a tick ahead).
  const { state, row } = stored;
  const nodes = stored.plan.order.map((id) => {
    const n = state.nodes[id];
    const planned = stored.plan.nodes[id];
    const def = stored.template.nodes.find((d) => d.id === planned.sourceId);
    return {
      id,
      name: def?.name ?? id,
      type: planned.type,
      status: PUBLIC_NODE_STATUS[n.status] ?? n.status,
      attempts: n.attempts,
      ...(n.output !== undefined ? { output: n.output } : {}),
      ...(n.error !== undefined ? { error: n.error } : {}),
      ...(planned.iteration !== undefined ? { iteration: planned.iteration, loopId: planned.sourceId } : {}),
      ...(planned.phase ? { phase: planned.phase } : {}),
      ...(n.skipReason ? { skipReason: n.skipReason } : {}),
      ...(n.gate ? { gate: n.gate } : {}),
      ...(n.approvalId && n.status === "waiting" ? { approvalId: n.approvalId } : {}),
      ...(n.child ? { childRunId: n.child.runId, child: n.child } : {}),
      startedAt: n.startedAt ?? null,
      finishedAt: n.finishedAt ?? null,
    };
  });
  return {
    run: {
      ...runListItem(row),
      status: state.status,
      error: state.error ?? null,
      vars: state.vars,
      workspace: stored.workspace,
      /** What the run handed back when it succeeded (the template's `outputs`), else null. */
      outputs: state.outputs ?? null,
    },
    nodes,
    /** For the browser's run view: replaying events through applyRunEvent needs the plan and the template. */
    plan: stored.plan,
    template: stored.template,
    state,
  };
}
