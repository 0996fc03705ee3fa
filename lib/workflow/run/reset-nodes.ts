/**
 * Re-run from a node and retry-failed-only (docs/engine.md, "Re-run from a node"): the
 * chosen nodes go back to pending, the counters are rebuilt, the run resumes.
 */
import { cancelChildOf } from "./child-run-progress";
import { makeReady } from "./propagate-readiness";
import { isPropagatingSkip, isSatisfied, patchNode, type ReduceContext } from "./reduce-context";
import { descendantsOf, type RunPlan } from "./run-plan";
import type { RunState } from "./run-state";

/** Downstream nodes of `nodeId` that already finished: re-running needs confirmation when non-empty. */
export function finishedDownstream(plan: RunPlan, state: RunState, nodeId: string): string[] {
  const down = descendantsOf(plan, [nodeId]);
  down.delete(nodeId);
  return plan.order.filter(
    (id) => down.has(id) && (state.nodes[id].status === "done" || state.nodes[id].status === "failed"),
  );
}

/** The nodes retry-failed resets: failed (not rescued), cancelled, interrupted, and what they held back. */
export function retryFailedSet(plan: RunPlan, state: RunState): string[] {
  const roots = plan.order.filter((id) => {
    const n = state.nodes[id];
    return (n.status === "failed" && !isSatisfied(n)) || n.status === "cancelled" || n.status === "interrupted";
  });
  const down = descendantsOf(plan, roots);
  return plan.order.filter((id) => down.has(id) && !isSatisfied(state.nodes[id]));
}

export function resetNodes(ctx: ReduceContext, ids: readonly string[]): void {
  const { state, spec } = ctx;
  for (const id of ids) {
    const n = state.nodes[id];
    if (n.approvalId && n.status === "waiting") {
      ctx.commands.push({ type: "close-approval", approvalId: n.approvalId, status: "cancelled" });
    }
    if (n.status === "running") ctx.commands.push({ type: "kill", nodeId: id });
    cancelChildOf(ctx, id);
    if (n.retryAt) state.retrying--;
    // The request count stays: the node's next approval must not reuse an id a person may still hold.
    state.nodes[id] = { status: n.status, attempts: 0, ...(n.asks ? { asks: n.asks } : {}) };
    patchNode(ctx, id, { status: "pending" });
  }
  state.stopping = false;
  state.status = "running";
  delete state.error;
  delete state.finishedAt;
  // Rebuild the in-degree counters, then start whatever is free.
  for (const id of spec.plan.order) {
    state.blockers[id] = spec.plan.nodes[id].deps.filter((d) => !isSatisfied(state.nodes[d])).length;
  }
  for (const id of spec.plan.order) {
    const n = state.nodes[id];
    if (n.status !== "pending" || n.retryAt) continue;
    if (spec.plan.nodes[id].deps.some((d) => isPropagatingSkip(state.nodes[d]))) continue;
    if (state.blockers[id] === 0) makeReady(ctx, id);
  }
}
