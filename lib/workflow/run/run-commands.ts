/** What the reducer asks the engine to do; the reducer itself never performs I/O. */
import * as z from "zod";
import { ApprovalRequestSchema, ApprovalVoteSchema } from "./run-state";

export const RunCommandSchema = z.discriminatedUnion("type", [
  /** The node is ready: start it when a concurrency slot is free (lowest topological index first). */
  z.object({ type: z.literal("start"), nodeId: z.string() }),
  /** Stop a running node (kill its process group). */
  z.object({ type: z.literal("kill"), nodeId: z.string() }),
  /** Cancel a workflow node's child run (its parent was cancelled, re-run or stopped). */
  z.object({ type: z.literal("cancel-child"), childRunId: z.string() }),
  /** Open an approval for a person. */
  z.object({ type: z.literal("ask"), nodeId: z.string(), approvalId: z.string(), request: ApprovalRequestSchema }),
  z.object({
    type: z.literal("close-approval"),
    approvalId: z.string(),
    status: z.enum(["approved", "rejected", "answered", "cancelled", "timed_out"]),
  }),
  /** The decisions given so far on an approval (mirrored into its row). */
  z.object({ type: z.literal("record-votes"), approvalId: z.string(), votes: z.array(ApprovalVoteSchema) }),
  /** Deliver `approval.timed-out` at `at` unless the approval closed first. */
  z.object({ type: z.literal("expire"), nodeId: z.string(), approvalId: z.string(), at: z.number() }),
  /** Deliver `node.retry` at `at` (backoff). */
  z.object({ type: z.literal("wake"), nodeId: z.string(), at: z.number() }),
  z.object({ type: z.literal("finished"), status: z.string() }),
]);
export type RunCommand = z.infer<typeof RunCommandSchema>;
