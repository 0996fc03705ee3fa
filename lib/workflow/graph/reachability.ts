/** Reachability over a built graph: start nodes, what a set of nodes reaches, ancestors. */
import { indexesOf, type Graph } from "./build-graph";

/** Indexes of nodes without predecessors, in node order. */
export function startNodes(graph: Graph): number[] {
  const out: number[] = [];
  graph.pred.forEach((p, i) => p.length === 0 && out.push(i));
  return out;
}

/** Marks every node reachable from `from` (the start nodes included), following edges forward. */
export function reachableFrom(graph: Graph, from: readonly number[], direction: "succ" | "pred" = "succ"): Uint8Array {
  const adj = graph[direction];
  const seen = new Uint8Array(graph.ids.length);
  const stack = [...from];
  for (const i of from) seen[i] = 1;
  while (stack.length > 0) {
    const i = stack.pop() as number;
    for (const j of adj[i])
      if (!seen[j]) {
        seen[j] = 1;
        stack.push(j);
      }
  }
  return seen;
}

/** Ids of the nodes that reach `id` (not itself), in node order. */
export function ancestorsOf(graph: Graph, id: string): string[] {
  return collect(graph, id, "pred");
}

function collect(graph: Graph, id: string, direction: "succ" | "pred"): string[] {
  const start = indexesOf(graph, [id]);
  if (start.length === 0) return [];
  const seen = reachableFrom(graph, start, direction);
  return graph.ids.filter((_, i) => seen[i] && i !== start[0]);
}
