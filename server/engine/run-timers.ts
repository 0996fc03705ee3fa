/**
 * The timers a run keeps on the engine's clock (so tests advance a fake one instead of sleeping): a retry's
 * backoff (`node.retry` when due), an approval's deadline (`approval.timed-out`) and a workflow node's deadline
 * over its child (child-runs.ts). Each lives in `run.timers` under its key until it fires or is cancelled;
 * arming a key again replaces its timer.
 */
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { ActiveRun } from "./active-run";
import type { Clock } from "./clock";

type Apply = (run: ActiveRun, event: RunEvent) => boolean;

/** Calls `fire` at `at` (its key gone from `run.timers` by then), replacing the key's pending timer. */
export function armTimer(run: ActiveRun, key: string, at: number, clock: Clock, fire: () => void): void {
  run.timers.get(key)?.();
  const cancel = clock.setTimer(at, () => {
    run.timers.delete(key);
    fire();
  });
  run.timers.set(key, cancel);
}

/** Cancels the key's pending timer, if any. */
export function disarmTimer(run: ActiveRun, key: string): void {
  run.timers.get(key)?.();
  run.timers.delete(key);
}

/** Retries `nodeId` at `at` (replaces a pending retry of the same node). */
export function armRetry(run: ActiveRun, nodeId: string, at: number, clock: Clock, apply: Apply): void {
  armTimer(run, nodeId, at, clock, () => apply(run, { type: "node.retry", at: clock.now(), nodeId }));
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
  armTimer(run, expiryKey(approvalId), at, clock, () => {
    run.decisions.set(approvalId, { decision: run.state.nodes[nodeId]?.request?.onTimeout ?? "fail" });
    apply(run, { type: "approval.timed-out", at: clock.now(), nodeId, approvalId });
  });
}
