/**
 * The checkpoint rules of docs/model.md ("Checkpoint injection") as predicates over
 * nodes, shared by `injectCheckpoints` and its report.
 */
import type { WorkflowNode } from "@/lib/workflow/model/template-schema";

/** Why a checkpoint was placed. */
export const CHECKPOINT_RULES = ["after-artifact", "phase-boundary", "before-background-agent", "breakpoint"] as const;
export type CheckpointRule = (typeof CHECKPOINT_RULES)[number];

/** Why a checkpoint pauses for a person (`auto_continue: false`). */
export const PAUSE_REASONS = ["user-facing-deliverable", "user-breakpoint", "background-agent"] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

type NodeLike = Pick<WorkflowNode, "id" | "name" | "type"> & Record<string, unknown>;

/** Words starting a name or port: `plan`, `planning`, `specs`, `analysis`, `analyze`, `reports`. */
const ARTIFACT_RE = /(^|[^a-z])(plan|spec|analy[sz]|report)/i;
/** What a person wants to look at: a spec, a plan, a review or a report. */
const DELIVERABLE_RE = /(^|[^a-z])(plan|spec|review|report)/i;

function mentions(node: NodeLike, re: RegExp): boolean {
  if (typeof node.name === "string" && re.test(node.name)) return true;
  // No intermediate arrays: this runs for every node on every injection.
  const ports = node.output_ports;
  if (Array.isArray(ports)) for (const port of ports) if (typeof port === "string" && re.test(port)) return true;
  return false;
}

/** Produces a persistent artifact (plan, spec, analysis, report) in its name or output ports. */
export function isArtifactProducer(node: NodeLike): boolean {
  return node.type !== "checkpoint" && node.type !== "gate" && mentions(node, ARTIFACT_RE);
}

/** Produces or shows a spec, a plan or a review report: pause before it so a person can look. */
export function isUserFacingDeliverable(node: NodeLike): boolean {
  return node.type !== "checkpoint" && node.type !== "gate" && mentions(node, DELIVERABLE_RE);
}

/** Spawns a background or long-running agent (give the person a chance to cancel). */
export function isBackgroundAgent(node: NodeLike): boolean {
  return node.run_in_background === true || node.long_running === true;
}
