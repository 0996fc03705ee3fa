/**
 * A fast layered layout for graphs too big for dagre's crossing minimisation (seconds to minutes
 * beyond a few hundred nodes): rank = longest path from a start node; inside a rank, nodes are
 * ordered by the mean position of their predecessors (one barycentre sweep), ties by node order.
 * O(nodes + edges · log). Returns the centre of each node in layout units.
 */
import type { Graph } from "@/lib/workflow/graph/build-graph";
import { topologicalSort } from "@/lib/workflow/graph/topological-order";

export interface LayeredPlacement {
  /** Rank (column for LR, row for TB) and slot inside the rank, by graph index. */
  rank: Int32Array;
  slot: Int32Array;
  /** Number of nodes in the fullest rank (to centre the others). */
  width: number;
  ranks: number[][];
}

/** Ranks and slots for every node (nodes on cycles are placed after their ordered predecessors). */
export function layeredPlacement(graph: Graph): LayeredPlacement {
  const n = graph.ids.length;
  const { order, blocked } = topologicalSort(graph);
  const sequence = [...order, ...blocked];
  const rank = new Int32Array(n);
  const done = new Uint8Array(n);
  for (const v of sequence) {
    let r = 0;
    for (const p of graph.pred[v]) if (done[p]) r = Math.max(r, rank[p] + 1);
    rank[v] = r;
    done[v] = 1;
  }
  const ranks: number[][] = [];
  for (const v of sequence) (ranks[rank[v]] ??= []).push(v);
  const slot = new Int32Array(n);
  for (const members of ranks) {
    const key = (v: number) => {
      const preds = graph.pred[v].filter((p) => rank[p] < rank[v]);
      return preds.length === 0 ? slot[v] : preds.reduce((s, p) => s + slot[p], 0) / preds.length;
    };
    members.forEach((v, i) => (slot[v] = i));
    const keys = new Map(members.map((v) => [v, key(v)]));
    members.sort((a, b) => (keys.get(a) as number) - (keys.get(b) as number) || a - b);
    members.forEach((v, i) => (slot[v] = i));
  }
  return { rank, slot, width: Math.max(0, ...ranks.map((r) => r.length)), ranks };
}
