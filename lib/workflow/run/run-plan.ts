/**
 * planRun(template) → the run plan: loops expanded into `<id>.iter_<k>`, dependencies and
 * successors per planned node, a topological index (the ready-set tie-break) and the gate table.
 * Written once when a run starts; every later step reads it, never the raw edges.
 */
import * as z from "zod";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { RUN_CODES } from "./run-codes";
import { FIELD_BOUNDS } from "@/lib/workflow/model/field-bounds";
import { createIndexHeap } from "@/lib/workflow/graph/index-heap";
import { endsSlice, finish, type Sliced } from "@/lib/workflow/slices/sliced";

/** Planned nodes (template nodes plus loop iterations) one run may have; checked before any expansion. */
export const MAX_PLANNED_NODES = 100_000;

export const PlanNodeSchema = z.object({
  id: z.string(),
  /** The template node this planned node runs (a loop's id for its iterations). */
  sourceId: z.string(),
  type: z.string(),
  iteration: z.number().int().optional(),
  deps: z.array(z.string()),
  succs: z.array(z.string()),
  topo: z.number().int(),
  phase: z.string().optional(),
  /** A fallback target with no incoming edge: runs only when a failing node calls it. */
  fallbackOnly: z.boolean().optional(),
});
export type PlanNode = z.infer<typeof PlanNodeSchema>;

export const GateRouteSchema = z.object({ label: z.string(), to: z.string() });
export type GateRoute = z.infer<typeof GateRouteSchema>;

export const RunPlanSchema = z.object({
  nodes: z.record(z.string(), PlanNodeSchema),
  /** Planned ids in topological order. */
  order: z.array(z.string()),
  gates: z.record(z.string(), z.array(GateRouteSchema)),
  /** Loop id → its iteration ids in order. */
  loops: z.record(z.string(), z.array(z.string())),
  executionMode: z.enum(["serial", "parallel"]),
});
export type RunPlan = z.infer<typeof RunPlanSchema>;

export type PlanRunResult = { ok: true; plan: RunPlan } | { ok: false; diagnostics: Diagnostic[] };

/** Property names JavaScript orders as array indexes (0 … 2³² − 2, no leading zero). */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

function fallbackTarget(node: WorkflowNode): string | undefined {
  return node.on_fail?.startsWith("fallback:") ? node.on_fail.slice("fallback:".length) : undefined;
}

/** Planned ids standing for a template node: a loop's first iteration on entry, its last on exit. */
function entryExit(node: WorkflowNode): { entry: string; exit: string; ids: string[] } {
  if (node.type !== "loop") return { entry: node.id, exit: node.id, ids: [node.id] };
  const ids = Array.from({ length: node.max_iter }, (_, k) => `${node.id}.iter_${k + 1}`);
  return { entry: ids[0], exit: ids[ids.length - 1], ids };
}

/** The planned nodes a template node stands for: a loop one per iteration, counted at most at its bound. */
const plannedFor = (n: WorkflowNode) =>
  n.type === "loop" ? Math.max(1, Math.min(n.max_iter, FIELD_BOUNDS.maxIter.max)) : 1;

/** How many nodes the plan of `template` has (a loop past its bound counted at the bound). */
export function plannedNodeCount(template: Template): number {
  let planned = 0;
  for (const n of template.nodes) planned += plannedFor(n);
  return planned;
}

/**
 * The loops past their bound (RUN031) and a plan past MAX_PLANNED_NODES (RUN032), counted from the
 * template alone: nothing is expanded before this passes.
 */
function* planSizeProblems(template: Template): Sliced<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const limit = FIELD_BOUNDS.maxIter.max;
  let planned = 0;
  const loops: { id: string; n: number }[] = [];
  for (let k = 0; k < template.nodes.length; k++) {
    if (endsSlice(k)) yield;
    const n = template.nodes[k];
    // A loop past its bound is reported below; counted at the bound, it is not reported twice.
    planned += plannedFor(n);
    if (n.type !== "loop") continue;
    if (n.max_iter > limit)
      out.push({
        severity: "error",
        code: "RUN031",
        message: RUN_CODES.RUN031(n.id, n.max_iter, limit),
        nodeId: n.id,
        field: "max_iter",
      });
    loops.push({ id: n.id, n: n.max_iter });
  }
  if (planned > MAX_PLANNED_NODES) {
    const biggest = loops
      .sort((a, b) => b.n - a.n)
      .slice(0, 3)
      .map((l) => `${l.id} × ${l.n}`);
    out.push({ severity: "error", code: "RUN032", message: RUN_CODES.RUN032(planned, MAX_PLANNED_NODES, biggest) });
  }
  return out;
}

/** Checks what planning needs (ids, edge ends, fallback targets, loop bounds, plan size) and expands loops. */
export function planRun(template: Template): PlanRunResult {
  return finish(planRunInSlices(template));
}

/** `planRun` in slices (the start of a large run: see `sliced.ts`). */
export function* planRunInSlices(template: Template): Sliced<PlanRunResult> {
  const tooBig = yield* planSizeProblems(template);
  if (tooBig.length) return { ok: false, diagnostics: tooBig };
  const diagnostics: Diagnostic[] = [];
  const error = (code: keyof typeof RUN_CODES, message: string, nodeId?: string) =>
    diagnostics.push({ severity: "error", code, message, ...(nodeId ? { nodeId } : {}) });
  const byId = new Map<string, WorkflowNode>();
  const allIds = new Set<string>();
  for (let k = 0; k < template.nodes.length; k++) {
    if (endsSlice(k)) yield;
    allIds.add(template.nodes[k].id);
  }
  for (let k = 0; k < template.nodes.length; k++) {
    if (endsSlice(k)) yield;
    const n = template.nodes[k];
    if (byId.has(n.id)) error("RUN001", RUN_CODES.RUN001(n.id), n.id);
    byId.set(n.id, n);
    if (n.type === "loop" && !(n.max_iter >= 1)) error("RUN005", RUN_CODES.RUN005(n.id), n.id);
    const fb = fallbackTarget(n);
    if (fb !== undefined && (fb === n.id || !allIds.has(fb))) error("RUN004", RUN_CODES.RUN004(n.id, fb), n.id);
  }
  for (let k = 0; k < template.edges.length; k++) {
    if (endsSlice(k)) yield;
    const e = template.edges[k];
    if (!byId.has(e.from) || !byId.has(e.to)) error("RUN002", RUN_CODES.RUN002(e.from, e.to));
  }
  if (diagnostics.length) return { ok: false, diagnostics };

  // 1. Planned nodes in template order (loops expanded and chained).
  const nodes: Record<string, PlanNode> = {};
  const ends = new Map<string, ReturnType<typeof entryExit>>();
  for (let k = 0; k < template.nodes.length; k++) {
    if (endsSlice(k)) yield;
    ends.set(template.nodes[k].id, entryExit(template.nodes[k]));
  }
  const loops: Record<string, string[]> = {};
  // Planned ids in the order `Object.keys(nodes)` gives, without asking it of 100,000 keys at once.
  const added: string[] = [];
  let indexLike = false;
  const add = (id: string, n: WorkflowNode, iteration?: number) => {
    // An id planned twice (a node named like a loop's iteration) is one key, listed once, as Object.keys does.
    if (!Object.hasOwn(nodes, id)) added.push(id);
    indexLike ||= ARRAY_INDEX.test(id);
    nodes[id] = { id, sourceId: n.id, type: n.type, deps: [], succs: [], topo: 0 };
    if (iteration !== undefined) nodes[id].iteration = iteration;
    if (n.phase) nodes[id].phase = n.phase;
  };
  const linked = new Set<string>();
  const link = (from: string, to: string) => {
    const key = `${from}\u0000${to}`;
    if (linked.has(key)) return;
    linked.add(key);
    nodes[to].deps.push(from);
    nodes[from].succs.push(to);
  };
  for (let k = 0; k < template.nodes.length; k++) {
    if (endsSlice(k)) yield;
    const n = template.nodes[k];
    const { ids } = ends.get(n.id)!;
    ids.forEach((id, k) => add(id, n, n.type === "loop" ? k + 1 : undefined));
    if (n.type === "loop") {
      loops[n.id] = ids;
      for (let k = 1; k < ids.length; k++) link(ids[k - 1], ids[k]);
    }
  }
  // 2. Edges between exits and entries; gate table from labelled gate edges.
  const gates: Record<string, GateRoute[]> = {};
  for (let k = 0; k < template.edges.length; k++) {
    if (endsSlice(k)) yield;
    const e = template.edges[k];
    const from = ends.get(e.from)!.exit;
    const to = ends.get(e.to)!.entry;
    link(from, to);
    if (byId.get(e.from)!.type === "gate") (gates[from] ??= []).push({ label: e.label ?? "", to });
  }
  // 3. Fallback-only targets: named by some on_fail and entered by no edge.
  for (let k = 0; k < template.nodes.length; k++) {
    if (endsSlice(k)) yield;
    const fb = fallbackTarget(template.nodes[k]);
    if (fb !== undefined) {
      const entry = ends.get(fb)!.entry;
      if (nodes[entry].deps.length === 0) nodes[entry].fallbackOnly = true;
    }
  }
  // 4. Kahn's algorithm; ties by template order so runs are reproducible.
  // An id such as "7" is an array index: JavaScript lists those first, in numeric order.
  const ids = indexLike ? Object.keys(nodes) : added;
  yield;
  const order = yield* topologicalOrder(nodes, ids);
  if (order.length < ids.length) {
    const ordered = new Set(order);
    const left = ids.filter((id) => !ordered.has(id));
    return { ok: false, diagnostics: [{ severity: "error", code: "RUN003", message: RUN_CODES.RUN003(left) }] };
  }
  for (let i = 0; i < order.length; i++) {
    if (endsSlice(i)) yield;
    nodes[order[i]].topo = i;
  }
  return { ok: true, plan: { nodes, order, gates, loops, executionMode: template.execution_mode } };
}

function* topologicalOrder(nodes: Record<string, PlanNode>, ids: readonly string[]): Sliced<string[]> {
  const rank = new Map<string, number>();
  const indegree = new Int32Array(ids.length);
  // Template order breaks ties (runs are reproducible): the ready set is a heap of ranks.
  const ready = createIndexHeap();
  for (let i = 0; i < ids.length; i++) {
    if (endsSlice(i)) yield;
    rank.set(ids[i], i);
    indegree[i] = nodes[ids[i]].deps.length;
    if (indegree[i] === 0) ready.push(i);
  }
  const order: string[] = [];
  while (ready.size) {
    if (endsSlice(order.length)) yield;
    const id = ids[ready.pop()];
    order.push(id);
    for (const s of nodes[id].succs) {
      const r = rank.get(s)!;
      if (--indegree[r] === 0) ready.push(r);
    }
  }
  return order;
}

/** Every planned node reachable from `from` (inclusive). */
export function descendantsOf(plan: RunPlan, from: readonly string[]): Set<string> {
  return reachable(plan, from, "succs");
}

/** `from` and every planned node it depends on, directly or not. */
export function ancestorsOf(plan: RunPlan, from: readonly string[]): Set<string> {
  return reachable(plan, from, "deps");
}

function reachable(plan: RunPlan, from: readonly string[], via: "succs" | "deps"): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...plan.nodes[id][via]);
  }
  return seen;
}
