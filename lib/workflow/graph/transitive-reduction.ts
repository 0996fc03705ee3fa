/**
 * The transitive reduction of a DAG: the edges that are not implied by a longer path
 * (A → C is redundant when A → B → C exists). Layouts use it so long implied edges do not
 * bloat a layered layout with dummy nodes; reachability stays exactly the same.
 */
import type { Graph } from "./build-graph";
import { topologicalSort } from "./topological-order";

/**
 * `keep[a]` = the successors of `a` that are not implied by another path, as graph indexes.
 * Nodes on or behind a cycle keep all their edges. O(n² / 32) memory (bitsets), fine for the
 * thousands of nodes a canvas shows.
 */
export function transitiveReduction(graph: Graph): number[][] {
  const n = graph.ids.length;
  const { order, blocked } = topologicalSort(graph);
  const keep: number[][] = graph.succ.map((s) => [...s]);
  if (blocked.length > 0 && order.length === 0) return keep;
  const position = new Int32Array(n).fill(-1);
  order.forEach((v, i) => (position[v] = i));
  const words = Math.ceil(n / 32);
  const reach = new Uint32Array(n * words);
  for (let k = order.length - 1; k >= 0; k--) {
    const v = order[k];
    const base = v * words;
    // Nearest successors first: anything they reach is implied for the later ones.
    const succ = graph.succ[v].filter((s) => position[s] >= 0).sort((a, b) => position[a] - position[b]);
    const kept: number[] = graph.succ[v].filter((s) => position[s] < 0);
    for (const s of succ) {
      if (reach[base + (s >>> 5)] & (1 << (s & 31))) continue;
      kept.push(s);
      reach[base + (s >>> 5)] |= 1 << (s & 31);
      const sBase = s * words;
      for (let w = 0; w < words; w++) reach[base + w] |= reach[sBase + w];
    }
    keep[v] = kept;
  }
  return keep;
}
