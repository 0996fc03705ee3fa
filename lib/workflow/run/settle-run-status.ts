/**
 * The run's status after a step: running while anything is queued, running or due for a retry;
 * waiting when only people can move it on; otherwise finished — succeeded when every node is
 * satisfied, failed when a stop happened or nodes are left blocked.
 */
import type { RunStatus } from "@/lib/workflow/model/statuses";
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import { isSatisfied, patchNode, type ReduceContext } from "./reduce-context";
import { cancelChildOf } from "./child-run-progress";
import { evaluateRunOutputs } from "./run-outputs";

export function settleRunStatus(ctx: ReduceContext): void {
  const { state } = ctx;
  if (isTerminalRunStatus(state.status)) return;
  const c = state.counts;
  const active = c.running + c.ready + c.interrupted + state.retrying;
  if (active > 0) return setRunStatus(ctx, "running");
  if (c.waiting > 0 && !state.stopping) return setRunStatus(ctx, "waiting");
  // Nothing can move: close what is still waiting and decide the outcome.
  for (const id of ctx.spec.plan.order) {
    const n = state.nodes[id];
    if (n.status === "waiting") {
      if (n.approvalId) ctx.commands.push({ type: "close-approval", approvalId: n.approvalId, status: "cancelled" });
      cancelChildOf(ctx, id);
      patchNode(ctx, id, { status: "cancelled", approvalId: undefined, request: undefined });
    }
  }
  const allSatisfied = ctx.spec.plan.order.every((id) => {
    const n = state.nodes[id];
    return n.status === "skipped" || isSatisfied(n);
  });
  if (allSatisfied && !state.stopping) return finishRun(ctx, "succeeded");
  state.error ??= "run stopped: some nodes could not run";
  finishRun(ctx, "failed");
}

function setRunStatus(ctx: ReduceContext, status: RunStatus): void {
  ctx.state.status = status;
}

export function finishRun(ctx: ReduceContext, status: "succeeded" | "failed" | "cancelled"): void {
  const { state } = ctx;
  state.status = status;
  state.finishedAt = ctx.at;
  if (status === "succeeded") state.outputs = evaluateRunOutputs(ctx.spec, state);
  ctx.events.push({ type: "run.finished", at: ctx.at, status, ...(state.error ? { error: state.error } : {}) });
  ctx.commands.push({ type: "finished", status });
}
