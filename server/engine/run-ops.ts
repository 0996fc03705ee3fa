/** What the engine's helpers may ask of it for one run: apply an event, arm a timer, auto-decide. */
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { ApprovalRequest } from "@/lib/workflow/run/run-state";
import type { ActiveRun } from "./active-run";

export interface RunOps {
  /** Feeds one event to the reducer (false: refused); its commands become work. */
  apply(run: ActiveRun, event: RunEvent): boolean;
  armRetry(run: ActiveRun, nodeId: string, at: number): void;
  armExpiry(run: ActiveRun, nodeId: string, approvalId: string, at: number): void;
  /** Answers an approval without a person when the engine was told how (CLI `--approve`, `--answer`). */
  autoDecide(run: ActiveRun, nodeId: string, approvalId: string, request: ApprovalRequest): void;
  /** A node became ready (measurement hook). */
  onReady(run: ActiveRun, nodeId: string): void;
  /** Cancels a workflow node's child run. */
  cancelChild(childRunId: string): void;
}
