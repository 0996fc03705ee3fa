/**
 * Auto-layout, left-to-right or top-to-bottom: returns a copy of the template with every node's
 * `position` (top-left corner, as React Flow expects) written in. Pure. dagre lays out canvases
 * up to DAGRE_MAX_NODES nodes; bigger graphs get a linear layered layout (see layered-layout.ts).
 */
import dagre from "@dagrejs/dagre";
import { buildGraph } from "@/lib/workflow/graph/build-graph";
import type { Template } from "@/lib/workflow/model/template-schema";
import { transitiveReduction } from "@/lib/workflow/graph/transitive-reduction";
import { layeredPlacement } from "./layered-layout";

export type LayoutDirection = "LR" | "TB";

export interface AutoLayoutOptions {
  direction?: LayoutDirection;
  /** Size of a node box on the canvas (all nodes alike). */
  nodeWidth?: number;
  nodeHeight?: number;
  /** Gap between nodes of one rank, and between ranks. */
  nodeGap?: number;
  rankGap?: number;
  /** dagre's ranker; `network-simplex` (default) is tidier, `longest-path` is faster on huge graphs. */
  ranker?: "network-simplex" | "tight-tree" | "longest-path";
}

/**
 * Above this many nodes dagre gets the transitive reduction of the graph (implied long edges add
 * dummy nodes to its ordering phase) …
 */
export const REDUCE_ABOVE_NODES = 100;
/** … and above this many, dagre's crossing minimisation takes seconds: a linear layered layout is used. */
export const DAGRE_MAX_NODES = 200;

export const DEFAULT_NODE_WIDTH = 220;
export const DEFAULT_NODE_HEIGHT = 72;

/** Lays the template out; edges to missing nodes, repeated edges and self-loops are ignored. */
export function autoLayout<T extends Template>(template: T, options: AutoLayoutOptions = {}): T {
  const width = options.nodeWidth ?? DEFAULT_NODE_WIDTH;
  const height = options.nodeHeight ?? DEFAULT_NODE_HEIGHT;
  const direction = options.direction ?? "LR";
  const nodeGap = options.nodeGap ?? 40;
  const rankGap = options.rankGap ?? 80;
  const graph = buildGraph(template);
  const centres = new Map<string, { x: number; y: number }>();

  if (graph.ids.length > DAGRE_MAX_NODES) {
    const { rank, slot, width: widest, ranks } = layeredPlacement(graph);
    const along = direction === "LR" ? width + rankGap : height + rankGap;
    const across = direction === "LR" ? height + nodeGap : width + nodeGap;
    graph.ids.forEach((id, v) => {
      const offset = (widest - ranks[rank[v]].length) / 2; // centre short ranks
      const a = rank[v] * along;
      const b = (slot[v] + offset) * across;
      centres.set(
        id,
        direction === "LR" ? { x: a + width / 2, y: b + height / 2 } : { x: b + width / 2, y: a + height / 2 },
      );
    });
  } else {
    const g = new dagre.graphlib.Graph({ multigraph: false });
    g.setGraph({ rankdir: direction, nodesep: nodeGap, ranksep: rankGap, ranker: options.ranker ?? "network-simplex" });
    g.setDefaultEdgeLabel(() => ({}));
    for (const id of graph.ids) g.setNode(id, { width, height });
    const successors = graph.ids.length > REDUCE_ABOVE_NODES ? transitiveReduction(graph) : graph.succ;
    successors.forEach((targets, a) => {
      for (const b of targets) g.setEdge(graph.ids[a], graph.ids[b]);
    });
    dagre.layout(g);
    for (const id of graph.ids) centres.set(id, g.node(id) as { x: number; y: number });
  }
  return {
    ...template,
    nodes: template.nodes.map((node) => {
      const c = centres.get(node.id) as { x: number; y: number };
      return { ...node, position: { x: Math.round(c.x - width / 2), y: Math.round(c.y - height / 2) } };
    }),
  };
}
