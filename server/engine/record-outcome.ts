/** An attempt's outcome applied to its run; if that throws, the node fails with the error instead of staying running. */
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { ActiveRun } from "./active-run";
import { resultToEvent } from "./execute-node";
import { stepFailure, type AttemptStep } from "./run-node";

export interface RecordDeps {
  apply(run: ActiveRun, event: RunEvent): boolean;
  now(): number;
  onAttemptStep?: (e: { runId: string; nodeId: string; step: AttemptStep | "writing the result" }) => void;
}

export function recordOutcome(d: RecordDeps, run: ActiveRun, nodeId: string, event: RunEvent): void {
  try {
    d.onAttemptStep?.({ runId: run.id, nodeId, step: "writing the result" });
    d.apply(run, event);
  } catch (err) {
    const failed = resultToEvent(nodeId, d.now(), stepFailure(nodeId, "writing the result", err));
    try {
      d.apply(run, failed);
    } catch (again) {
      console.error(`wf engine: could not record the outcome of ${run.id}/${nodeId}:`, again);
    }
  }
}
