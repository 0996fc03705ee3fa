/**
 * The two timers a run keeps on the engine's clock (so tests advance a fake one instead of
 * sleeping): a retry's backoff (`node.retry` when due) and an approval's deadline
 * (`approval.timed-out`). Each lives in `run.timers` under its key until it fires or is cancelled.
 */
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { ActiveRun } from "./active-run";
import type { Clock } from "./clock";

type Apply = (run: ActiveRun, event: RunEvent) => boolean;

/** Retries `nodeId` at `at` (replaces a pending retry of the same node). */
export function armRetry(run: ActiveRun, nodeId: string, at: number, clock: Clock, apply: Apply): void {
  run.timers.get(nodeId)?.();
  const cancel = clock.setTimer(at, () => {
    run.timers.delete(nodeId);
    apply(run, { type: "node.retry", at: clock.now(), nodeId });
  });
  run.timers.set(nodeId, cancel);
}

/** The timer key of an approval's deadline (the engine cancels it when the approval closes). */
export function expiryKey(approvalId: string): string {
  return `approval:${approvalId}`;
}

/** Times an approval out at `at`: its `on_timeout` decision is recorded, then `approval.timed-out` applied. */
export function armExpiry(
  run: ActiveRun,
  nodeId: string,
  approvalId: string,
  at: number,
  clock: Clock,
  apply: Apply,
): void {
  const key = expiryKey(approvalId);
  run.timers.get(key)?.();
  const cancel = clock.setTimer(at, () => {
    run.timers.delete(key);
    run.decisions.set(approvalId, { decision: run.state.nodes[nodeId]?.request?.onTimeout ?? "fail" });
    apply(run, { type: "approval.timed-out", at: clock.now(), nodeId, approvalId });
  });
  run.timers.set(key, cancel);
}
