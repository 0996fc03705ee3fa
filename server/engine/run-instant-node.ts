/**
 * A node whose outcome is known without waiting (its executor's `runNow`: a checkpoint, a gate over an
 * expression, a human step's request, a loop iteration without a body), finished in the tick that starts
 * it: no process, no file, no timer — so its `node.started` and its result share the tick's transaction,
 * and the nodes it releases can run in the same tick (docs/decisions/044-ticks-run-to-quiescence.md).
 *
 * A node with preconditions, checks, `forbids_files`, an `output_file` or a tier it exceeds takes the
 * ordinary attempt (`run-node.ts`). The step hook sees the steps an ordinary attempt without those would
 * pass, in order; a throw from it fails the node at that step, as it would there.
 */
import { tierViolation } from "@/server/engine/confinement/capability-tiers";
import type { ActiveRun } from "./active-run";
import type { ExecutorRegistry } from "./executors/executor-registry";
import type { ExecutorResult } from "./executors/executor";
import { instantContext } from "./node-context";
import { stepFailure, type AttemptStep, type AttemptStepHook, type NodeAttemptResult } from "./run-node";

const INSTANT_STEPS: readonly AttemptStep[] = [
  "tier check",
  "preconditions",
  "workspace listing",
  "executor",
  "postconditions",
  "result",
];

/** The node's result when it is known now; undefined when the node needs an ordinary attempt. */
export function runInstantNode(
  run: ActiveRun,
  nodeId: string,
  executors: ExecutorRegistry,
  onStep?: AttemptStepHook,
): NodeAttemptResult | undefined {
  const node = run.spec.defs.get(nodeId);
  const executor = node && executors.get(node.type);
  if (!node || !executor?.runNow) return undefined;
  if (node.preconditions?.length || node.checks?.length || node.forbids_files?.length || node.output_file)
    return undefined;
  if (tierViolation(node, node.args_template)) return undefined;
  let result: ExecutorResult | undefined;
  try {
    result = executor.runNow(instantContext(run, nodeId));
  } catch (err) {
    result = { status: "failed", error: err instanceof Error ? err.message : String(err) };
  }
  if (!result) return undefined;
  // runNow is pure, so the hook may see the steps after it ran.
  for (const step of INSTANT_STEPS) {
    try {
      onStep?.(step);
    } catch (err) {
      return stepFailure(nodeId, step, err);
    }
  }
  return result;
}
