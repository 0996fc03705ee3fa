/** What the reducer reads besides state: the plan and each planned node's template definition. */
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import type { RunPlan } from "./run-plan";
import { endsSlice, finish, type Sliced } from "@/lib/workflow/slices/sliced";

export interface RunSpec {
  plan: RunPlan;
  template: Template;
  /** Planned id → template node (iterations map to their loop). */
  defs: Map<string, WorkflowNode>;
}

export function makeRunSpec(template: Template, plan: RunPlan): RunSpec {
  return finish(makeRunSpecInSlices(template, plan));
}

/** `makeRunSpec` in slices (the start of a large run: see `sliced.ts`). */
export function* makeRunSpecInSlices(template: Template, plan: RunPlan): Sliced<RunSpec> {
  const byId = new Map<string, WorkflowNode>();
  for (let k = 0; k < template.nodes.length; k++) {
    if (endsSlice(k)) yield;
    byId.set(template.nodes[k].id, template.nodes[k]);
  }
  const defs = new Map<string, WorkflowNode>();
  for (let k = 0; k < plan.order.length; k++) {
    if (endsSlice(k)) yield;
    const id = plan.order[k];
    defs.set(id, byId.get(plan.nodes[id].sourceId)!);
  }
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
