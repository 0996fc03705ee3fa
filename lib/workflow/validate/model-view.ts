/**
 * A tolerant view of a template for the validation rules: whatever is usable of an input that may
 * have failed the schema (nodes without a string id are dropped, edges need string ends), so every
 * graph rule still runs and reports all problems at once.
 */
import { buildGraphWithEdgesInSlices, type Graph } from "@/lib/workflow/graph/build-graph";
import { endsSlice, type Sliced } from "@/lib/workflow/slices/sliced";
import type { Template } from "@/lib/workflow/model/template-schema";

export type Loose = Record<string, unknown>;

export const isRecord = (x: unknown): x is Loose => typeof x === "object" && x !== null && !Array.isArray(x);

export interface ViewNode {
  id: string;
  /** The (normalised) type if it is a string; unknown types stay as written. */
  type: string | undefined;
  /** Position in the input's `nodes[]` (for JSON paths). */
  index: number;
  data: Loose;
}

export interface ViewEdge {
  from: string;
  to: string;
  label: string | undefined;
  index: number;
}

/** The read side of a `Map<id, node>`, backed by the graph's index (no second map of 10,000 ids). */
export interface NodeLookup {
  get(id: string): ViewNode | undefined;
  has(id: string): boolean;
  readonly size: number;
}

export interface ModelView {
  nodes: ViewNode[];
  edges: ViewEdge[];
  /** First node per id. */
  byId: NodeLookup;
  /** Declared variable names, or `null` when `context_schema` is unusable (rules then stay quiet). */
  variables: Set<string> | null;
  checkpoints: unknown[];
  atomicGroups: unknown[];
  graph: Graph;
  /** The first node of each graph index (`byId` by index, for rules that work on indexes). */
  nodeAt: ViewNode[];
  /**
   * Each view edge's ends as graph indexes, aligned with `edges`; -1 when the graph leaves the
   * edge out (an end that is not a node, or a self-loop). Ids are looked up once, here.
   */
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
}

/** Builds the view from a parsed template or from raw (normalised) JSON, in slices. Never throws. */
export function* buildModelView(input: Template | unknown): Sliced<ModelView> {
  const t: Loose = isRecord(input) ? input : {};
  const nodes: ViewNode[] = [];
  const rawNodes: unknown[] = Array.isArray(t.nodes) ? t.nodes : [];
  for (let index = 0; index < rawNodes.length; index++) {
    if (endsSlice(index)) yield;
    const data = rawNodes[index];
    if (!isRecord(data) || typeof data.id !== "string" || data.id === "") continue;
    nodes.push({ id: data.id, type: typeof data.type === "string" ? data.type : undefined, index, data });
  }
  const edges: ViewEdge[] = [];
  const rawEdges: unknown[] = Array.isArray(t.edges) ? t.edges : [];
  for (let index = 0; index < rawEdges.length; index++) {
    if (endsSlice(index)) yield;
    const e = rawEdges[index];
    if (!isRecord(e) || typeof e.from !== "string" || typeof e.to !== "string") continue;
    edges.push({ from: e.from, to: e.to, label: typeof e.label === "string" ? e.label : undefined, index });
  }
  const ctx = t.context_schema === undefined ? {} : t.context_schema;
  const { graph, edgeFrom, edgeTo } = yield* buildGraphWithEdgesInSlices({ nodes, edges });
  // Graph indexes follow first occurrences, in node order: the k-th first occurrence is index k.
  const nodeAt: ViewNode[] = [];
  for (const node of nodes) if (graph.ids[nodeAt.length] === node.id) nodeAt.push(node);
  const byId: NodeLookup = {
    get: (id) => {
      const i = graph.index.get(id);
      return i === undefined ? undefined : nodeAt[i];
    },
    has: (id) => graph.index.has(id),
    size: nodeAt.length,
  };
  return {
    nodes,
    edges,
    byId,
    variables: isRecord(ctx) ? new Set(Object.keys(ctx)) : null,
    checkpoints: Array.isArray(t.checkpoints) ? t.checkpoints : [],
    atomicGroups: Array.isArray(t.atomic_groups) ? t.atomic_groups : [],
    graph,
    nodeAt,
    edgeFrom,
    edgeTo,
  };
}

/** `nodes[3]`, `edges[1]` — JSON paths for diagnostics. */
export const nodePath = (node: ViewNode, field?: string) => `nodes[${node.index}]${field ? `.${field}` : ""}`;
export const edgePath = (edge: ViewEdge) => `edges[${edge.index}]`;
