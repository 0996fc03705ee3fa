/**
 * Step 3 of a tick for one node: runs its executor (executeNode) and hands the event that reports the
 * attempt back — whatever happens, exactly once. A result for an attempt that was reset meanwhile
 * (re-run, cancel) must not land on a newer attempt; the engine's `finish` decides that.
 */
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { ActiveRun } from "./active-run";
import { executeNode, resultToEvent, type ExecuteNodeDeps } from "./execute-node";
import { stepFailure } from "./run-node";

/** How a launched node runs: here (`launchNode`), or as a job for `wf worker` processes (`queue-node-launcher.ts`). */
export type LaunchNode = (
  run: ActiveRun,
  nodeId: string,
  controller: AbortController,
  deps: ExecuteNodeDeps,
  finish: (event: RunEvent) => void,
) => void;

export function launchNode(
  run: ActiveRun,
  nodeId: string,
  controller: AbortController,
  deps: ExecuteNodeDeps,
  finish: (event: RunEvent) => void,
): void {
  const work = executeNode(run, nodeId, controller.signal, deps);
  // executeNode turns every throw into a failed result; the second handler is the last guard.
  void work.then(finish, (err: unknown) =>
    finish(resultToEvent(nodeId, deps.now(), stepFailure(nodeId, "engine", err))),
  );
}
