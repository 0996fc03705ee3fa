/** Test oracle: whether a path of one or more edges leads from one node to another. */
import type { Graph } from "@/lib/workflow/graph/build-graph";

/** Whether a path of one or more edges leads from `from` to `to`. */
export function hasPath(graph: Graph, from: string, to: string): boolean {
  const a = graph.index.get(from);
  const b = graph.index.get(to);
  if (a === undefined || b === undefined) return false;
  const seen = new Uint8Array(graph.ids.length);
  const stack = [...graph.succ[a]];
  while (stack.length > 0) {
    const i = stack.pop() as number;
    if (i === b) return true;
    if (seen[i]) continue;
    seen[i] = 1;
    stack.push(...graph.succ[i]);
  }
  return false;
}
