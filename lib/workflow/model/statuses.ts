/** Status tuples shared by the engine, the database columns, the API and the run view. */
import * as z from "zod";

/** Node statuses; `waiting` = a person must act, `interrupted` = was running when the process died. */
export const NODE_STATUSES = [
  "pending",
  "ready",
  "running",
  "waiting",
  "done",
  "skipped",
  "failed",
  "cancelled",
  "interrupted",
] as const;
export const NodeStatusSchema = z.enum(NODE_STATUSES);
export type NodeStatus = z.infer<typeof NodeStatusSchema>;

export const RUN_STATUSES = ["pending", "running", "waiting", "succeeded", "failed", "cancelled"] as const;
export const RunStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** `timed_out`: nobody decided within the node's `approval_timeout_s`; its `on_timeout` applied. */
export const APPROVAL_STATUSES = ["pending", "approved", "rejected", "answered", "cancelled", "timed_out"] as const;

/** What a person is asked for: a paused checkpoint, a human task, a gate with no matching branch. */
export const APPROVAL_KINDS = ["checkpoint", "human", "gate"] as const;
export const ApprovalKindSchema = z.enum(APPROVAL_KINDS);

export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ["succeeded", "failed", "cancelled"];

export function isTerminalRunStatus(s: RunStatus): boolean {
  return TERMINAL_RUN_STATUSES.includes(s);
}
