/**
 * The reducer's working set for one event: the state being advanced in place, and the commands
 * and derived events it produces. Node entries are replaced, never mutated, so a shallow copy of
 * the state before a step keeps the previous state intact (see applyRunEvent).
 */
import type { NodeStatus } from "@/lib/workflow/model/statuses";
import type { RunCommand } from "./run-commands";
import type { RunEvent } from "./run-events";
import type { RunSpec } from "./run-spec";
import type { NodeState, RunState } from "./run-state";
import { canTransition } from "./run-transitions";

export interface ReduceContext {
  spec: RunSpec;
  state: RunState;
  at: number;
  commands: RunCommand[];
  /** Derived info events (skips, gate routes, run finished). */
  events: RunEvent[];
  /** Node ids whose entry changed (the store writes only these). */
  touched: Set<string>;
}

export class InvalidTransitionError extends Error {
  constructor(nodeId: string, from: NodeStatus, to: NodeStatus) {
    super(`node ${nodeId}: ${from} -> ${to} is not an allowed transition`);
    this.name = "InvalidTransitionError";
  }
}

/** Replace a node's entry, keeping the per-status counts right and the transition legal. */
export function patchNode(ctx: ReduceContext, id: string, patch: Partial<NodeState>): NodeState {
  const prev = ctx.state.nodes[id];
  const next: NodeState = { ...prev, ...patch };
  for (const key of Object.keys(patch) as (keyof NodeState)[]) if (patch[key] === undefined) delete next[key];
  if (next.status !== prev.status) {
    if (!canTransition(prev.status, next.status)) throw new InvalidTransitionError(id, prev.status, next.status);
    ctx.state.counts[prev.status]--;
    ctx.state.counts[next.status]++;
  }
  ctx.state.nodes[id] = next;
  ctx.touched.add(id);
  return next;
}

/** True when the node no longer holds back its dependents. */
export function isSatisfied(n: NodeState): boolean {
  if (n.status === "done") return true;
  if (n.status === "failed") return n.fallback?.state === "done";
  return n.status === "skipped" && !isPropagatingSkip(n);
}

/** Skips caused by a failure spread to dependents; branch, loop and unused-fallback skips do not. */
export function isPropagatingSkip(n: NodeState): boolean {
  return n.status === "skipped" && (n.skipReason === "failed" || n.skipReason === "dependency");
}
