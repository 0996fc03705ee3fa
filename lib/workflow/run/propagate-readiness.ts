/**
 * The in-degree ready set: when a node stops holding back its dependents each successor's
 * blocker count drops; at zero a pending successor becomes ready (a join waits for all parents).
 * A propagating skip instead skips its pending successors (docs/engine.md, "Failure policies").
 */
import { isPropagatingSkip, isSatisfied, patchNode, type ReduceContext } from "./reduce-context";
import type { SkipReason } from "./run-state";

/** Pending → ready and a `start` command, unless the run is stopping or over. */
export function makeReady(ctx: ReduceContext, id: string): void {
  const { state } = ctx;
  if (state.stopping || state.status === "cancelled") return;
  const n = state.nodes[id];
  if (n.status !== "pending" && n.status !== "interrupted") return;
  patchNode(ctx, id, { status: "ready" });
  ctx.commands.push({ type: "start", nodeId: id });
}

/** Call after `id` reached a final status: unblocks or skips its successors. */
export function releaseDependents(ctx: ReduceContext, id: string): void {
  const { state, spec } = ctx;
  const node = state.nodes[id];
  if (isPropagatingSkip(node)) {
    for (const s of spec.plan.nodes[id].succs) {
      if (state.nodes[s].status === "pending") skipNode(ctx, s, "dependency", id);
    }
    return;
  }
  if (!isSatisfied(node)) return;
  for (const s of spec.plan.nodes[id].succs) {
    state.blockers[s]--;
    if (state.blockers[s] === 0 && state.nodes[s].status === "pending" && !state.nodes[s].retryAt) makeReady(ctx, s);
  }
}

/** Marks a node skipped, records why, and releases (or skips) what depends on it. */
export function skipNode(ctx: ReduceContext, id: string, reason: SkipReason, cause?: string): void {
  patchNode(ctx, id, { status: "skipped", skipReason: reason, skipCause: cause, finishedAt: ctx.at });
  ctx.events.push({ type: "node.skipped", at: ctx.at, nodeId: id, reason, ...(cause ? { cause } : {}) });
  releaseDependents(ctx, id);
}

/**
 * Skips a whole set without letting any member start first: every member is marked before any
 * is released (gate branches, the rest of a loop).
 */
export function skipSet(ctx: ReduceContext, ids: readonly string[], reason: SkipReason, cause: string): void {
  const marked: string[] = [];
  for (const id of ids) {
    const st = ctx.state.nodes[id].status;
    if (st !== "pending" && st !== "ready") continue;
    patchNode(ctx, id, { status: "skipped", skipReason: reason, skipCause: cause, finishedAt: ctx.at });
    ctx.events.push({ type: "node.skipped", at: ctx.at, nodeId: id, reason, cause });
    marked.push(id);
  }
  for (const id of marked) releaseDependents(ctx, id);
}
