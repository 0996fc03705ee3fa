/**
 * The adjacency view every graph algorithm here runs on: node ids ↔ indexes in node order,
 * successor and predecessor lists. Built once per call (O(nodes + edges)); in slices for the start of a
 * large run (`buildGraphWithEdgesInSlices`).
 */
import { endsSlice, finish, type Sliced } from "@/lib/workflow/slices/sliced";

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
  return buildGraphWithEdges(input).graph;
}

/** A graph and the ends of every input edge as node indexes (-1 for an edge the graph leaves out). */
export interface GraphWithEdges {
  graph: Graph;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
}

/**
 * `buildGraph`, also returning each edge's resolved ends, so a caller that walks edges by index
 * does not look every id up again. Repeated edges keep their ends (the graph keeps the pair once).
 */
export function buildGraphWithEdges(input: GraphInput): GraphWithEdges {
  return finish(buildGraphWithEdgesInSlices(input));
}

/** `buildGraphWithEdges` in slices (see `sliced.ts`). */
export function* buildGraphWithEdgesInSlices(input: GraphInput): Sliced<GraphWithEdges> {
  const ids: string[] = [];
  const index = new Map<string, number>();
  for (let k = 0; k < input.nodes.length; k++) {
    if (endsSlice(k)) yield;
    const id = input.nodes[k]?.id;
    if (typeof id !== "string" || index.has(id)) continue;
    index.set(id, ids.length);
    ids.push(id);
  }
  const n = ids.length;
  // Two passes: resolve the ends and count degrees, then fill arrays of the right size (fewer
  // reallocations and less garbage on 10,000-node graphs than growing empty arrays).
  const m = input.edges.length;
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  const outDegree = new Int32Array(n);
  const inDegree = new Int32Array(n);
  for (let k = 0; k < m; k++) {
    if (endsSlice(k)) yield;
    const edge = input.edges[k];
    const a = index.get(edge?.from);
    const b = index.get(edge?.to);
    if (a === undefined || b === undefined || a === b) {
      from[k] = -1;
      to[k] = -1;
      continue;
    }
    from[k] = a;
    to[k] = b;
    outDegree[a]++;
    inDegree[b]++;
  }
  const succ: number[][] = new Array(n);
  const pred: number[][] = new Array(n);
  for (let i = 0; i < n; i++) {
    if (endsSlice(i)) yield;
    succ[i] = new Array(outDegree[i]);
    pred[i] = new Array(inDegree[i]);
  }
  outDegree.fill(0);
  inDegree.fill(0);
  // Repeated edges: scan the (short) successor list; a node with many successors gets a Set.
  const wide = new Map<number, Set<number>>();
  let repeated = false;
  for (let k = 0; k < m; k++) {
    if (endsSlice(k)) yield;
    const a = from[k];
    if (a < 0) continue;
    const b = to[k];
    const out = succ[a];
    const count = outDegree[a];
    if (count < 32) {
      let seen = false;
      for (let j = 0; j < count && !seen; j++) seen = out[j] === b;
      if (seen) {
        repeated = true;
        continue;
      }
    } else {
      let set = wide.get(a);
      if (!set) wide.set(a, (set = new Set(out.slice(0, count))));
      if (set.has(b)) {
        repeated = true;
        continue;
      }
      set.add(b);
    }
    out[outDegree[a]++] = b;
    pred[b][inDegree[b]++] = a;
  }
  if (repeated)
    for (let i = 0; i < n; i++) {
      succ[i].length = outDegree[i];
      pred[i].length = inDegree[i];
    }
  return { graph: { ids, index, succ, pred }, edgeFrom: from, edgeTo: to };
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
