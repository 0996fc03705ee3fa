/**
 * The nodes to skip behind a node (a gate's untaken branch, a failed node with `on_fail: skip`).
 *
 * - `"join-aware"` (gates, docs/engine.md): a node is skipped when every predecessor is skipped, so
 *   a join that the taken branch still reaches runs.
 * - `"dependents"` (playbook skip propagation): everything downstream is skipped.
 */
import { indexesOf, type Graph } from "./build-graph";
import { reachableFrom } from "./reachability";
import { topologicalSort } from "./topological-order";

export type SkipMode = "join-aware" | "dependents";

/** Ids to skip (the roots included), in topological order. */
export function skipSubtree(graph: Graph, roots: readonly string[], mode: SkipMode = "join-aware"): string[] {
  const rootIdx = indexesOf(graph, roots);
  const below = reachableFrom(graph, rootIdx);
  const skipped = new Uint8Array(graph.ids.length);
  for (const r of rootIdx) skipped[r] = 1;
  const { order } = topologicalSort(graph);
  const out: string[] = [];
  for (const i of order) {
    if (!below[i]) continue;
    if (!skipped[i]) {
      const preds = graph.pred[i];
      skipped[i] = mode === "dependents" ? 1 : preds.every((p) => skipped[p]) ? 1 : 0;
    }
    if (skipped[i]) out.push(graph.ids[i]);
  }
  return out;
}
