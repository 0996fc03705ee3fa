/**
 * What a fire does while the trigger's previous run is still active (pending, running or waiting
 * for a person): docs/triggers.md, "Overlap".
 * - no active previous run → start;
 * - `allow` → start beside it;
 * - `skip` → recorded `skipped`;
 * - `queue` → wait, and start when the previous run ends; while one fire waits, later ones are `skipped`;
 * - `cancel_previous` → cancel the previous run, and start once it has ended.
 */
import type { OverlapPolicy } from "./trigger-schema";

export type OverlapDecision =
  | { action: "start" }
  | { action: "skip"; reason: string }
  | { action: "queue" }
  | { action: "cancel-previous"; runId: string };

export interface PreviousRun {
  runId: string;
  /** The run's status (`pending`, `running`, `waiting`: still active). */
  status: string;
}

const ACTIVE = new Set(["pending", "running", "waiting"]);

export function isActiveRunStatus(status: string): boolean {
  return ACTIVE.has(status);
}

export function decideOverlap(
  policy: OverlapPolicy,
  previous: PreviousRun | undefined,
  /** A fire of this trigger already waits for the previous run to end. */
  waiting: boolean,
): OverlapDecision {
  if (waiting && policy !== "allow")
    return { action: "skip", reason: "another fire already waits for the previous run to end" };
  if (!previous || !isActiveRunStatus(previous.status) || policy === "allow") return { action: "start" };
  switch (policy) {
    case "skip":
      return { action: "skip", reason: `the previous run ${previous.runId} is still ${previous.status}` };
    case "queue":
      return { action: "queue" };
    case "cancel_previous":
      return { action: "cancel-previous", runId: previous.runId };
  }
}
