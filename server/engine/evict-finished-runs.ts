/** Step 5 of a tick: finished runs with nothing left to write or wait for leave memory (it stays flat). */
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import type { ActiveRun } from "./active-run";

export function evictFinishedRuns(runs: Map<string, ActiveRun>): void {
  for (const [id, run] of runs) {
    const quiet =
      run.inflight.size === 0 &&
      run.outbox.length === 0 &&
      run.touched.size === 0 &&
      run.approvals.length === 0 &&
      run.pendingDecisions === 0 &&
      !run.unwritten &&
      run.timers.size === 0 &&
      !run.inCommit;
    if (quiet && isTerminalRunStatus(run.state.status)) runs.delete(id);
  }
}
