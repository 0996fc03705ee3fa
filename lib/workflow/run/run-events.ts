/**
 * Run events: the reducer's input and the append-only log (run_events). Input events change
 * state; `info` events (`node.log`, `gate.routed`, `node.skipped`, `run.finished`, `approval.requested`) record what
 * the reducer derived and are no-ops when replayed, so a client re-applying the log gets the
 * same state.
 */
import * as z from "zod";
import { ApprovalRequestSchema, GateDecisionSchema, SkipReasonSchema } from "./run-state";

const at = z.number();

export const RunEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("run.started"), at }),
  z.object({ type: z.literal("node.started"), at, nodeId: z.string() }),
  z.object({
    type: z.literal("node.succeeded"),
    at,
    nodeId: z.string(),
    output: z.string(),
    fields: z.record(z.string(), z.unknown()).optional(),
    /** How a gate's value was obtained. */
    source: z.enum(["expression", "condition", "output", "person"]).optional(),
    condition: z.string().optional(),
  }),
  z.object({
    type: z.literal("node.failed"),
    at,
    nodeId: z.string(),
    error: z.string(),
    code: z.string().optional(),
    /** Skip instead of the node's on_fail (a precondition with on_failure: skip). */
    skip: z.boolean().optional(),
  }),
  z.object({ type: z.literal("node.interrupted"), at, nodeId: z.string() }),
  /**
   * A workflow node's child run started or moved on: `running` while it works, `waiting` while it waits for
   * a person; `done` of `total` of its nodes are finished. Its end arrives as `node.succeeded` / `node.failed`.
   */
  z.object({
    type: z.literal("node.child"),
    at,
    nodeId: z.string(),
    childRunId: z.string(),
    status: z.enum(["running", "waiting"]),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
  }),
  z.object({ type: z.literal("node.waiting"), at, nodeId: z.string(), request: ApprovalRequestSchema }),
  z.object({
    type: z.literal("node.retry"),
    at,
    nodeId: z.string(),
  }),
  z.object({
    type: z.literal("decision.given"),
    at,
    nodeId: z.string(),
    approvalId: z.string(),
    decision: z.string(),
    answer: z.string().optional(),
    comment: z.string().optional(),
    /** Who decided (the caller's email, "anonymous", or "auto" for the CLI's automatic answers). */
    by: z.string().optional(),
  }),
  /** Nobody decided the approval before its `timeoutAt`: the node's `on_timeout` applies. */
  z.object({ type: z.literal("approval.timed-out"), at, nodeId: z.string(), approvalId: z.string() }),
  z.object({ type: z.literal("run.cancelled"), at, reason: z.string().optional() }),
  z.object({ type: z.literal("run.rerun"), at, nodeId: z.string() }),
  z.object({ type: z.literal("run.retry-failed"), at }),
  // Info events: derived or streamed, never change state on replay.
  z.object({
    type: z.literal("node.log"),
    at,
    nodeId: z.string(),
    stream: z.enum(["stdout", "stderr", "engine"]),
    text: z.string(),
  }),
  z.object({ type: z.literal("gate.routed"), at, nodeId: z.string(), decision: GateDecisionSchema }),
  z.object({
    type: z.literal("node.skipped"),
    at,
    nodeId: z.string(),
    reason: SkipReasonSchema,
    cause: z.string().optional(),
  }),
  z.object({ type: z.literal("run.finished"), at, status: z.string(), error: z.string().optional() }),
  z.object({
    type: z.literal("approval.requested"),
    at,
    nodeId: z.string(),
    approvalId: z.string(),
    request: ApprovalRequestSchema,
  }),
]);
export type RunEvent = z.infer<typeof RunEventSchema>;
export type RunEventType = RunEvent["type"];

export const INFO_EVENT_TYPES: ReadonlySet<RunEventType> = new Set([
  "node.log",
  "gate.routed",
  "node.skipped",
  "run.finished",
  "approval.requested",
]);

/** The node status an event reports (the `status` column of run_events and of the live stream). */
export function runEventStatus(e: RunEvent): string | null {
  switch (e.type) {
    case "node.started":
      return "running";
    case "node.succeeded":
      return "done";
    case "node.failed":
      return "failed";
    case "node.waiting":
    case "approval.requested":
      return "waiting";
    case "node.child":
      return e.status;
    case "node.skipped":
      return "skipped";
    case "node.interrupted":
      return "interrupted";
    case "run.finished":
      return e.status;
    default:
      return null;
  }
}
