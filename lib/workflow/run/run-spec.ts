/** What the reducer reads besides state: the plan and each planned node's template definition. */
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import type { RunPlan } from "./run-plan";

export interface RunSpec {
  plan: RunPlan;
  template: Template;
  /** Planned id → template node (iterations map to their loop). */
  defs: Map<string, WorkflowNode>;
}

export function makeRunSpec(template: Template, plan: RunPlan): RunSpec {
  const byId = new Map(template.nodes.map((n) => [n.id, n]));
  const defs = new Map<string, WorkflowNode>();
  for (const id of plan.order) defs.set(id, byId.get(plan.nodes[id].sourceId)!);
  return { plan, template, defs };
}

/** Extra attempts after the first: `retries` (number or `{ max }`); `on_fail: retry` alone means 1. */
export function maxRetries(node: WorkflowNode): number {
  if (typeof node.retries === "number") return node.retries;
  if (node.retries) return node.retries.max;
  return node.on_fail === "retry" ? 1 : 0;
}

export function retryBackoffMs(node: WorkflowNode): number {
  return typeof node.retries === "object" ? (node.retries.backoff_ms ?? 0) : 0;
}

export function fallbackOf(node: WorkflowNode): string | undefined {
  return node.on_fail?.startsWith("fallback:") ? node.on_fail.slice("fallback:".length) : undefined;
}
