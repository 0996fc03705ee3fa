/**
 * A workflow node's child run as the parent's reducer sees it: the child's progress (`node.child`) moves the
 * node between `running` and `waiting`; a node whose child is still going and that stops being run (cancel,
 * re-run, a run that closes) asks the engine to cancel that child. The child's end arrives as the node's own
 * `node.succeeded` / `node.failed` (server/engine/child-runs.ts).
 */
import { patchNode, type ReduceContext } from "./reduce-context";
import type { RunEvent } from "./run-events";
import type { NodeState, RunState } from "./run-state";

type ChildEvent = Extract<RunEvent, { type: "node.child" }>;

/** True when the node's current attempt has a child run that has not ended. */
export function hasLiveChild(n: NodeState): boolean {
  return !!n.child && (n.status === "running" || (n.status === "waiting" && !n.approvalId));
}

export function applyChildProgress(ctx: ReduceContext, event: ChildEvent): boolean {
  const n = ctx.state.nodes[event.nodeId];
  if (ctx.spec.plan.nodes[event.nodeId].type !== "workflow") return false;
  if (n.status !== "running" && !(n.status === "waiting" && n.child && !n.approvalId)) return false;
  if (n.child && n.child.runId !== event.childRunId) return false;
  patchNode(ctx, event.nodeId, {
    status: event.status,
    child: { runId: event.childRunId, status: event.status, done: event.done, total: event.total },
  });
  return true;
}

export function cancelChildOf(ctx: ReduceContext, id: string): void {
  const n = ctx.state.nodes[id];
  if (hasLiveChild(n)) ctx.commands.push({ type: "cancel-child", childRunId: n.child!.runId });
}

/** The child run a waiting run waits on, when nothing of its own waits for a person (the toast links there). */
export function waitingChildOf(state: RunState): string | undefined {
  let child: string | undefined;
  for (const n of Object.values(state.nodes)) {
    if (n.status !== "waiting") continue;
    if (n.approvalId || !n.child) return undefined;
    child ??= n.child.runId;
  }
  return child;
}
