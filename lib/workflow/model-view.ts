/**
 * A tolerant view of a template for the validation rules: whatever is usable of an input that may
 * have failed the schema (nodes without a string id are dropped, edges need string ends), so every
 * graph rule still runs and reports all problems at once.
 */
import { buildGraph, type Graph } from "./build-graph";
import type { Template } from "./template-schema";

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

export interface ModelView {
  nodes: ViewNode[];
  edges: ViewEdge[];
  /** First node per id. */
  byId: Map<string, ViewNode>;
  /** Declared variable names, or `null` when `context_schema` is unusable (rules then stay quiet). */
  variables: Set<string> | null;
  checkpoints: unknown[];
  atomicGroups: unknown[];
  graph: Graph;
}

/** Builds the view from a parsed template or from raw (normalised) JSON. Never throws. */
export function buildModelView(input: Template | unknown): ModelView {
  const t: Loose = isRecord(input) ? input : {};
  const nodes: ViewNode[] = [];
  const byId = new Map<string, ViewNode>();
  const rawNodes = Array.isArray(t.nodes) ? t.nodes : [];
  rawNodes.forEach((data: unknown, index) => {
    if (!isRecord(data) || typeof data.id !== "string" || data.id === "") return;
    const node = { id: data.id, type: typeof data.type === "string" ? data.type : undefined, index, data };
    nodes.push(node);
    if (!byId.has(node.id)) byId.set(node.id, node);
  });
  const edges: ViewEdge[] = [];
  const rawEdges = Array.isArray(t.edges) ? t.edges : [];
  rawEdges.forEach((e: unknown, index) => {
    if (!isRecord(e) || typeof e.from !== "string" || typeof e.to !== "string") return;
    edges.push({ from: e.from, to: e.to, label: typeof e.label === "string" ? e.label : undefined, index });
  });
  const ctx = t.context_schema === undefined ? {} : t.context_schema;
  return {
    nodes,
    edges,
    byId,
    variables: isRecord(ctx) ? new Set(Object.keys(ctx)) : null,
    checkpoints: Array.isArray(t.checkpoints) ? t.checkpoints : [],
    atomicGroups: Array.isArray(t.atomic_groups) ? t.atomic_groups : [],
    graph: buildGraph({ nodes, edges }),
  };
}

/** `nodes[3]`, `edges[1]` — JSON paths for diagnostics. */
export const nodePath = (node: ViewNode, field?: string) => `nodes[${node.index}]${field ? `.${field}` : ""}`;
export const edgePath = (edge: ViewEdge) => `edges[${edge.index}]`;
