/**
 * A stored run taken up again (after a restart): nodes that were running become interrupted (their
 * policy retries or fails them), a run never started starts, ready nodes are queued again, retry timers
 * and approval deadlines re-armed, waiting nodes keep waiting (and are auto-decided when configured).
 */
import { hasLiveChild } from "@/lib/workflow/run/child-run-progress";
import type { ActiveRun } from "./active-run";
import type { RunOps } from "./run-ops";

export function reenterRun(run: ActiveRun, now: number, ops: RunOps): void {
  const order = run.spec.plan.order;
  for (const id of order) {
    const n = run.state.nodes[id];
    // A workflow node with a child run was not working in this process: the engine looks at its child once
    // every run is back (child-runs.ts `reattach`).
    if (n.status === "running" && !hasLiveChild(n)) ops.apply(run, { type: "node.interrupted", at: now, nodeId: id });
  }
  if (run.state.status === "pending") ops.apply(run, { type: "run.started", at: now });
  for (const id of order) {
    const n = run.state.nodes[id];
    if (n.status === "ready") run.heap.push(id);
    if (n.status === "pending" && n.retryAt) ops.armRetry(run, id, n.retryAt);
    if (n.status === "waiting" && n.approvalId && n.request) {
      if (n.request.timeoutAt !== undefined) ops.armExpiry(run, id, n.approvalId, n.request.timeoutAt);
      ops.autoDecide(run, id, n.approvalId, n.request);
    }
  }
}
