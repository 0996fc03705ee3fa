/** The allowed node-status transitions, as data; the reducer refuses anything else. */
import type { NodeStatus } from "@/lib/workflow/model/statuses";

export const NODE_TRANSITIONS: Readonly<Record<NodeStatus, readonly NodeStatus[]>> = {
  pending: ["ready", "skipped", "cancelled"],
  ready: ["running", "pending", "skipped", "cancelled"],
  running: ["done", "failed", "waiting", "pending", "skipped", "interrupted", "cancelled"],
  // → ready: a person approved a human precondition; the attempt goes on.
  waiting: ["running", "ready", "done", "failed", "skipped", "cancelled", "interrupted", "pending"],
  interrupted: ["pending", "ready", "failed", "skipped", "cancelled"],
  done: ["pending"],
  // A fallback-only node is skipped until a failing node calls it.
  skipped: ["pending", "ready"],
  failed: ["pending"],
  cancelled: ["pending"],
};

export function canTransition(from: NodeStatus, to: NodeStatus): boolean {
  return from === to || NODE_TRANSITIONS[from].includes(to);
}
