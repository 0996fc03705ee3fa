/**
 * The adjacency view every graph algorithm here runs on: node ids ↔ indexes in node order,
 * successor and predecessor lists. Built once per call (O(nodes + edges)).
 */

/** The least a template must have to be seen as a graph (accepts a full `Template`). */
export interface GraphInput {
  nodes: readonly { id: string }[];
  edges: readonly { from: string; to: string }[];
}

export interface Graph {
  /** Unique node ids in node order (a duplicated id keeps its first position). */
  ids: string[];
  index: Map<string, number>;
  /** Successors / predecessors by index, each in edge order, without duplicates. */
  succ: number[][];
  pred: number[][];
}

/**
 * Builds the graph. Edges whose ends are not nodes, self-loops and repeated edges are left out
 * (the validator reports them); so is anything that is not a string id.
 */
export function buildGraph(input: GraphInput): Graph {
  const ids: string[] = [];
  const index = new Map<string, number>();
  for (const node of input.nodes) {
    const id = node?.id;
    if (typeof id !== "string" || index.has(id)) continue;
    index.set(id, ids.length);
    ids.push(id);
  }
  const n = ids.length;
  const succ: number[][] = Array.from({ length: n }, () => []);
  const pred: number[][] = Array.from({ length: n }, () => []);
  // Repeated edges: scan the (short) successor list; a node with many successors gets a Set.
  const wide = new Map<number, Set<number>>();
  for (const edge of input.edges) {
    const a = index.get(edge?.from);
    const b = index.get(edge?.to);
    if (a === undefined || b === undefined || a === b) continue;
    const out = succ[a];
    if (out.length < 32) {
      if (out.includes(b)) continue;
    } else {
      let set = wide.get(a);
      if (!set) wide.set(a, (set = new Set(out)));
      if (set.has(b)) continue;
      set.add(b);
    }
    out.push(b);
    pred[b].push(a);
  }
  return { ids, index, succ, pred };
}

/** Indexes of `ids` that are nodes of `graph`, in the given order. */
export function indexesOf(graph: Graph, ids: Iterable<string>): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const i = graph.index.get(id);
    if (i !== undefined) out.push(i);
  }
  return out;
}
