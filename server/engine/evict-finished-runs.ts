/** Step 5 of a tick: finished runs with nothing left to write or wait for leave memory (it stays flat). */
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import { isQuiet, type ActiveRun } from "./active-run";

export function evictFinishedRuns(runs: Map<string, ActiveRun>): void {
  for (const [id, run] of runs) {
    // Quiet, with no approval row left to mirror and no timer armed.
    const quiet = isQuiet(run) && run.approvals.length === 0 && run.timers.size === 0;
    if (quiet && isTerminalRunStatus(run.state.status)) runs.delete(id);
  }
}
