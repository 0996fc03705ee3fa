/**
 * The run state the reducer advances: run status, one entry per planned node, and the
 * counters the ready set needs (unsatisfied dependencies per node, nodes per status).
 */
import * as z from "zod";
import {
  ApprovalKindSchema,
  NODE_STATUSES,
  NodeStatusSchema,
  RunStatusSchema,
  type NodeStatus,
} from "@/lib/workflow/model/statuses";
import type { PlanNode, RunPlan } from "./run-plan";
import { endsSlice, finish, type Sliced } from "@/lib/workflow/slices/sliced";

/** Why a node was skipped; only `failed` and `dependency` skips propagate downstream (docs/engine.md). */
export const SKIP_REASONS = [
  "failed",
  "dependency",
  "branch",
  "loop-until",
  "fallback-unused",
  "precondition",
] as const;
export const SkipReasonSchema = z.enum(SKIP_REASONS);
export type SkipReason = z.infer<typeof SkipReasonSchema>;

export const GateDecisionSchema = z.object({
  value: z.string(),
  label: z.string().optional(),
  source: z.enum(["expression", "condition", "output", "person"]).optional(),
  condition: z.string().optional(),
  taken: z.array(z.string()),
  skipped: z.array(z.string()),
});
export type GateDecision = z.infer<typeof GateDecisionSchema>;

export const ApprovalRequestSchema = z.object({
  kind: ApprovalKindSchema,
  prompt: z.string().optional(),
  options: z.array(z.string()).optional(),
  /**
   * `check`: a human check after the node's work — approval passes it and completes the node;
   * `precondition`: a human precondition before the work — approval lets the attempt go on.
   */
  stage: z.enum(["node", "check", "precondition"]).optional(),
  /** Output held until a check approval (stage `check`). */
  output: z.string().optional(),
  /** The check that asked (its index in the node's `checks` or `preconditions`), stages `check` and `precondition`. */
  check: z.number().int().min(0).optional(),
  /** `skip`: a reject skips the node instead of failing it (the check says `on_failure: skip`). */
  onReject: z.literal("skip").optional(),
  /** Distinct approvers needed (the node's `approvals_required`; 1 when absent). */
  required: z.number().int().min(1).optional(),
  /** When the approval times out (the event time + `approval_timeout_s`), and what happens then. */
  timeoutAt: z.number().optional(),
  onTimeout: z.enum(["continue", "fail"]).optional(),
  /** false: the person who started the run may not decide it (checked by the API, which knows callers). */
  allowSelfApproval: z.boolean().optional(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

/** One person's decision on an approval that needs several (`approvals_required`). */
export const ApprovalVoteSchema = z.object({
  by: z.string().optional(),
  decision: z.string(),
  answer: z.string().optional(),
  comment: z.string().optional(),
  at: z.number(),
});
export type ApprovalVote = z.infer<typeof ApprovalVoteSchema>;

export const ChildProgressSchema = z.object({
  runId: z.string(),
  status: z.string(),
  done: z.number().int(),
  total: z.number().int(),
});

export const NodeStateSchema = z.object({
  status: NodeStatusSchema,
  attempts: z.number().int(),
  output: z.string().optional(),
  error: z.string().optional(),
  /** Saved fields (checkpoint `save_fields`, structured output). */
  fields: z.record(z.string(), z.unknown()).optional(),
  skipReason: SkipReasonSchema.optional(),
  /** A skipped node's cause (the dependency that was skipped). */
  skipCause: z.string().optional(),
  /** Set on a failed node whose fallback runs (`running`) or rescued it (`done`). */
  fallback: z.object({ to: z.string(), state: z.enum(["running", "done", "failed"]) }).optional(),
  /** Set on a fallback target while it runs in that role: the node it stands in for. */
  fallbackFor: z.string().optional(),
  gate: GateDecisionSchema.optional(),
  approvalId: z.string().optional(),
  /** Approval requests this node opened in the run, kept across re-runs: each request gets its own id. */
  asks: z.number().int().optional(),
  /**
   * The preconditions a person approved in this attempt (their indexes): launched again for the same
   * attempt, the node goes on past them and asks again only for a precondition nobody approved yet.
   */
  preApproved: z.object({ attempt: z.number().int(), checks: z.array(z.number().int().min(0)) }).optional(),
  /** What the waiting node asks a person. */
  request: ApprovalRequestSchema.optional(),
  /** Approvals given so far on the open approval, while fewer than its `required`. */
  votes: z.array(ApprovalVoteSchema).optional(),
  /** When a retry is due (ms since epoch); the node is pending until then. */
  retryAt: z.number().optional(),
  startedAt: z.number().optional(),
  finishedAt: z.number().optional(),
  /** A workflow node's child run (this attempt's): its id, status and progress (docs/engine.md, "Sub-workflows"). */
  child: ChildProgressSchema.optional(),
});
export type NodeState = z.infer<typeof NodeStateSchema>;

export const RunStateSchema = z.object({
  runId: z.string(),
  status: RunStatusSchema,
  /** A node failed under `abort`: running nodes finish, nothing new starts. */
  stopping: z.boolean(),
  error: z.string().optional(),
  vars: z.record(z.string(), z.string()),
  nodes: z.record(z.string(), NodeStateSchema),
  /** Unsatisfied dependencies per node (the in-degree of the ready set). */
  blockers: z.record(z.string(), z.number().int()),
  counts: z.record(NodeStatusSchema, z.number().int()),
  /** Pending nodes with a retry timer. */
  retrying: z.number().int(),
  startedAt: z.number().optional(),
  finishedAt: z.number().optional(),
  /** What the run handed back when it succeeded: the template's `outputs`, evaluated (`run-outputs.ts`). */
  outputs: z.record(z.string(), z.string()).optional(),
});
export type RunState = z.infer<typeof RunStateSchema>;

export function emptyCounts(): Record<NodeStatus, number> {
  return Object.fromEntries(NODE_STATUSES.map((s) => [s, 0])) as Record<NodeStatus, number>;
}

/** The state before anything ran: every node pending (unused fallback targets skipped). */
export function initialRunState(plan: RunPlan, runId: string, vars: Record<string, string>): RunState {
  return finish(initialRunStateInSlices(plan, runId, vars));
}

/** `initialRunState` in slices (the start of a large run: see `sliced.ts`). */
export function* initialRunStateInSlices(plan: RunPlan, runId: string, vars: Record<string, string>): Sliced<RunState> {
  const nodes: Record<string, NodeState> = {};
  const blockers: Record<string, number> = {};
  const counts = emptyCounts();
  for (let k = 0; k < plan.order.length; k++) {
    if (endsSlice(k)) yield;
    const id = plan.order[k];
    const p = plan.nodes[id];
    nodes[id] = initialNodeState(p);
    blockers[id] = p.deps.length;
    counts[nodes[id].status]++;
  }
  return { runId, status: "pending", stopping: false, vars, nodes, blockers, counts, retrying: 0 };
}

/** A planned node before the run touches it: pending, or skipped when it is a fallback nothing enters. */
export function initialNodeState(p: Pick<PlanNode, "fallbackOnly">): NodeState {
  return p.fallbackOnly
    ? { status: "skipped", attempts: 0, skipReason: "fallback-unused" }
    : { status: "pending", attempts: 0 };
}
