/** RunState ⇄ database rows: node_runs keep one node each, runs keep the run-level fields. */
import type { NodeRunRow, RunRow } from "@/server/db/schema";
import type { NodeRunWrite } from "@/server/db/run-queries";
import { isSatisfied } from "@/lib/workflow/run/reduce-context";
import type { RunPlan } from "@/lib/workflow/run/run-plan";
import {
  emptyCounts,
  initialNodeState,
  NodeStateSchema,
  type NodeState,
  type RunState,
} from "@/lib/workflow/run/run-state";

export function nodeStateToRow(nodeId: string, iteration: number | undefined, n: NodeState): NodeRunWrite {
  const { status, attempts, output, error, startedAt, finishedAt, ...extra } = n;
  return {
    nodeId,
    status,
    attempt: attempts,
    iteration: iteration ?? null,
    output: output ?? null,
    error: error ?? null,
    state: JSON.stringify(extra),
    startedAt: startedAt ?? null,
    finishedAt: finishedAt ?? null,
  };
}

export function nodeStateFromRow(row: NodeRunRow): NodeState {
  return NodeStateSchema.parse({
    ...(JSON.parse(row.state) as object),
    status: row.status,
    attempts: row.attempt,
    ...(row.output !== null ? { output: row.output } : {}),
    ...(row.error !== null ? { error: row.error } : {}),
    ...(row.startedAt !== null ? { startedAt: row.startedAt } : {}),
    ...(row.finishedAt !== null ? { finishedAt: row.finishedAt } : {}),
  });
}

/**
 * Rebuilds the reducer's counters (blockers, counts, retrying) from the stored node states. A planned node
 * without a row is one whose row was not written yet (`unwritten-node-rows.ts`): it is as it started, and
 * listed in `unwritten`.
 */
export function runStateFromRows(
  plan: RunPlan,
  run: RunRow,
  rows: NodeRunRow[],
  /** False: the rows are some nodes only (a worker reads a node's ancestors) and the rest stay out. */
  whole = true,
): { state: RunState; unwritten: string[] } {
  const nodes: Record<string, NodeState> = {};
  for (const r of rows) nodes[r.nodeId] = nodeStateFromRow(r);
  const counts = emptyCounts();
  const blockers: Record<string, number> = {};
  const unwritten: string[] = [];
  let retrying = 0;
  for (const id of plan.order) {
    let n = nodes[id];
    if (!n) {
      if (!whole) continue;
      n = nodes[id] = initialNodeState(plan.nodes[id]);
      unwritten.push(id);
    }
    counts[n.status]++;
    if (n.retryAt) retrying++;
    blockers[id] = plan.nodes[id].deps.filter((d) => !nodes[d] || !isSatisfied(nodes[d])).length;
  }
  const extra = JSON.parse(run.state) as { stopping?: boolean; outputs?: Record<string, string> };
  const state: RunState = {
    runId: run.id,
    status: run.status,
    stopping: extra.stopping ?? false,
    ...(run.error !== null ? { error: run.error } : {}),
    vars: JSON.parse(run.variables) as Record<string, string>,
    nodes,
    blockers,
    counts,
    retrying,
    ...(run.startedAt !== null ? { startedAt: run.startedAt } : {}),
    ...(run.finishedAt !== null ? { finishedAt: run.finishedAt } : {}),
    ...(extra.outputs ? { outputs: extra.outputs } : {}),
  };
  return { state, unwritten };
}
