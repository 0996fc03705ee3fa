/**
 * The reference context of one planned node at run time: variables, the outputs of the finished
 * nodes its texts mention, the nearest upstream node (`prev_*`) and `{iteration}`. Built only for
 * the nodes actually referenced, so it costs nothing for nodes without templates.
 */
import {
  parseReferences,
  resolveReference,
  type ReferenceContext,
  type ReferenceLookup,
} from "@/lib/workflow/model/references";
import type { RunSpec } from "./run-spec";
import type { NodeState, RunState } from "./run-state";

function outputOf(state: RunState, id: string): NodeState | undefined {
  const n = state.nodes[id];
  if (!n) return undefined;
  if (n.status === "done" || (n.status === "failed" && n.fallback?.state === "done")) return n;
  return undefined;
}

/** Node values a reference can read: `output`, saved fields, `session_id`. */
function nodeValues(n: NodeState): Record<string, unknown> {
  return { ...(n.fields ?? {}), output: n.output ?? "" };
}

/** The latest finished planned node for a template id (a loop's last finished iteration). */
function latestFinished(spec: RunSpec, state: RunState, id: string): NodeState | undefined {
  const iterations = spec.plan.loops[id];
  if (!iterations) return outputOf(state, id);
  for (let k = iterations.length - 1; k >= 0; k--) {
    const n = outputOf(state, iterations[k]);
    if (n) return n;
  }
  return undefined;
}

/**
 * The node `{prev_*}` reads: the first dependency (in edge order) that finished. Checkpoints are
 * looked through — they only save state, and an injected one must not change what the next node
 * reads — so behind a checkpoint the search goes on among its own dependencies.
 */
function nearestUpstream(spec: RunSpec, state: RunState, deps: readonly string[]): NodeState | undefined {
  for (const d of deps) {
    const n = outputOf(state, d);
    if (!n) continue;
    if (spec.plan.nodes[d].type !== "checkpoint") return n;
    return nearestUpstream(spec, state, spec.plan.nodes[d].deps) ?? n;
  }
  return undefined;
}

export function runReferenceContext(
  spec: RunSpec,
  state: RunState,
  nodeId: string,
  texts: readonly (string | undefined)[],
): ReferenceContext {
  const nodes: Record<string, Record<string, unknown>> = {};
  for (const text of texts) {
    if (!text) continue;
    for (const ref of parseReferences(text)) {
      if (ref.kind !== "node" || nodes[ref.nodeId]) continue;
      const n = latestFinished(spec, state, ref.nodeId);
      if (n) nodes[ref.nodeId] = nodeValues(n);
    }
  }
  const planned = spec.plan.nodes[nodeId];
  const prev = nearestUpstream(spec, state, planned.deps);
  return {
    vars: state.vars,
    nodes,
    prev: prev
      ? {
          prev_output: prev.output ?? "",
          prev_output_path: prev.fields?.output_path,
          prev_session_id: prev.fields?.session_id,
        }
      : {},
    ...(planned.iteration !== undefined ? { iteration: planned.iteration } : {}),
  };
}

/** A lookup over the run's variables and finished nodes only (no `prev_*`, no iteration): a run's outputs. */
export function finishedNodeLookup(spec: RunSpec, state: RunState): ReferenceLookup {
  const nodes: Record<string, Record<string, unknown>> = {};
  const base: ReferenceContext = { vars: state.vars, nodes };
  return (ref) => {
    if (ref.kind === "node" && !Object.hasOwn(nodes, ref.nodeId)) {
      const n = latestFinished(spec, state, ref.nodeId);
      if (n) nodes[ref.nodeId] = nodeValues(n);
    }
    return resolveReference(ref, base);
  };
}

/**
 * A lookup for one attempt of `nodeId`: the nearest upstream node is found on first use, a node's
 * values when first referenced (most texts hold few references, many hold none).
 */
export function runReferenceLookup(spec: RunSpec, state: RunState, nodeId: string): ReferenceLookup {
  let base: ReferenceContext | undefined;
  const nodes: Record<string, Record<string, unknown>> = {};
  return (ref) => {
    base ??= { ...runReferenceContext(spec, state, nodeId, []), nodes };
    if (ref.kind === "node" && !Object.hasOwn(nodes, ref.nodeId)) {
      const n = latestFinished(spec, state, ref.nodeId);
      if (n) nodes[ref.nodeId] = nodeValues(n);
    }
    return resolveReference(ref, base);
  };
}

/** Flat values for expressions: `vars.x`, `nodes["N-1"].output`, `output`, `iteration`. */
export function expressionContext(
  spec: RunSpec,
  state: RunState,
  nodeId: string,
  output?: string,
): Record<string, unknown> {
  const nodes: Record<string, Record<string, unknown>> = {};
  for (const id of Object.keys(state.nodes)) {
    const n = outputOf(state, id);
    if (n) nodes[id] = nodeValues(n);
  }
  for (const loopId of Object.keys(spec.plan.loops)) {
    const n = latestFinished(spec, state, loopId);
    if (n) nodes[loopId] = nodeValues(n);
  }
  const planned = spec.plan.nodes[nodeId];
  return {
    vars: state.vars,
    nodes,
    output: output ?? state.nodes[nodeId]?.output ?? "",
    iteration: BigInt(planned.iteration ?? 0),
  };
}
