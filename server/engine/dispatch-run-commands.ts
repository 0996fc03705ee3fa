/**
 * The reducer's commands turned into work on the active run: queue a start, kill an attempt, mirror
 * approval changes into the next commit, arm or cancel timers.
 */
import type { RunCommand } from "@/lib/workflow/run/run-commands";
import type { ActiveRun } from "./active-run";
import type { RunOps } from "./run-ops";
import { disarmTimer, expiryKey } from "./run-timers";

export function dispatchRunCommands(run: ActiveRun, commands: readonly RunCommand[], ops: RunOps): void {
  for (const c of commands) {
    switch (c.type) {
      case "start":
        run.heap.push(c.nodeId);
        ops.onReady(run, c.nodeId);
        break;
      case "kill":
        run.inflight.get(c.nodeId)?.abort();
        break;
      case "cancel-child":
        ops.cancelChild(c.childRunId);
        break;
      case "ask":
        run.approvals.push(c);
        ops.autoDecide(run, c.nodeId, c.approvalId, c.request);
        break;
      case "close-approval":
        disarmTimer(run, expiryKey(c.approvalId));
        run.approvals.push(c);
        break;
      case "record-votes":
        run.approvals.push(c);
        break;
      case "expire":
        ops.armExpiry(run, c.nodeId, c.approvalId, c.at);
        break;
      case "wake":
        ops.armRetry(run, c.nodeId, c.at);
        break;
      case "finished":
        for (const cancel of run.timers.values()) cancel();
        run.timers.clear();
        break;
    }
  }
}
