/**
 * Finds the cycles of a graph: one entry per strongly connected component with more than one
 * node (self-loops are not in a built graph; the validator reports them on their own).
 */
import type { Graph } from "./build-graph";
import { endsSlice, finish, type Sliced } from "@/lib/workflow/slices/sliced";

export interface Cycle {
  /** A shortest cycle through the component's first node (in node order), as ids in edge order. */
  path: string[];
  /** Every node of the component, in node order (each lies on some cycle). */
  members: string[];
}

/** Tarjan's algorithm, iterative so 10,000-node chains do not overflow the stack. */
function* stronglyConnected(graph: Graph): Sliced<number[][]> {
  const n = graph.ids.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  let steps = 0;
  for (let root = 0; root < n; root++) {
    if (endsSlice(steps++)) yield;
    if (index[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      if (endsSlice(steps++)) yield;
      const frame = work[work.length - 1];
      const [v, k] = frame;
      if (k < graph.succ[v].length) {
        frame[1]++;
        const w = graph.succ[v][k];
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          work.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low[parent] = Math.min(low[parent], low[v]);
      }
      if (low[v] !== index[v]) continue;
      const component: number[] = [];
      let w: number;
      do {
        w = stack.pop() as number;
        onStack[w] = 0;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort((a, b) => a - b));
    }
  }
  return components;
}

/** Shortest path (BFS) from `start` back to itself, staying inside `members`. */
function shortestCycle(graph: Graph, start: number, members: Set<number>): number[] {
  const parent = new Map<number, number>();
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q];
    for (const w of graph.succ[v]) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let u = v; u !== start;) path.push((u = parent.get(u) as number));
        return path.reverse();
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/** Every cycle of the graph, ordered by their first node. Empty for a DAG. */
export function findCycles(graph: Graph): Cycle[] {
  return finish(findCyclesInSlices(graph));
}

/** `findCycles` in slices (see `sliced.ts`). */
export function* findCyclesInSlices(graph: Graph): Sliced<Cycle[]> {
  return (yield* stronglyConnected(graph))
    .sort((a, b) => a[0] - b[0])
    .map((component) => ({
      path: shortestCycle(graph, component[0], new Set(component)).map((i) => graph.ids[i]),
      members: component.map((i) => graph.ids[i]),
    }));
}
