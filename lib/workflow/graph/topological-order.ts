/**
 * Deterministic topological order (Kahn): repeatedly take the ready node (in-degree 0) that comes
 * first in node order. The result depends only on the node order and the set of edges, never on
 * the order edges are listed in — so the engine's tie-breaks and the editor's views agree.
 */
import { buildGraph, type Graph, type GraphInput } from "./build-graph";
import { createIndexHeap } from "./index-heap";

export interface TopologicalSort {
  /** Node indexes in topological order. */
  order: number[];
  /** Indexes that could not be ordered (on a cycle or behind one), in node order. */
  blocked: number[];
}

/** Kahn's algorithm over a built graph. */
export function topologicalSort(graph: Graph): TopologicalSort {
  const n = graph.ids.length;
  const indegree = new Int32Array(n);
  for (let i = 0; i < n; i++) indegree[i] = graph.pred[i].length;
  const ready = createIndexHeap();
  for (let i = 0; i < n; i++) if (indegree[i] === 0) ready.push(i);
  const order: number[] = [];
  while (ready.size > 0) {
    const i = ready.pop();
    order.push(i);
    for (const s of graph.succ[i]) if (--indegree[s] === 0) ready.push(s);
  }
  const blocked: number[] = [];
  if (order.length < n) for (let i = 0; i < n; i++) if (indegree[i] > 0) blocked.push(i);
  return { order, blocked };
}

export interface TopologicalOrder {
  /** Node ids, every edge's `from` before its `to`. */
  order: string[];
  /** Ids left out because they sit on or behind a cycle (empty for a DAG). */
  blocked: string[];
}

/** The template's deterministic topological order (see the file header for the tie-break). */
export function topologicalOrder(input: GraphInput | Graph): TopologicalOrder {
  const graph = "succ" in input ? input : buildGraph(input);
  const { order, blocked } = topologicalSort(graph);
  return { order: order.map((i) => graph.ids[i]), blocked: blocked.map((i) => graph.ids[i]) };
}
