/** The `+` on an edge: A → B becomes A → new → B (the edge's label, a gate's branch, stays on A → new). */
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";

/**
 * Replaces the edge `from → to` with `from → node → to`, `node` listed right after `from` in `nodes[]`.
 * Throws a RangeError when there is no such edge or `node.id` is taken.
 */
export function insertNodeIntoEdge<T extends Template>(
  template: T,
  edge: { from: string; to: string },
  node: WorkflowNode,
): T {
  const at = template.edges.findIndex((e) => e.from === edge.from && e.to === edge.to);
  if (at < 0) throw new RangeError(`insertNodeIntoEdge: no edge ${edge.from} → ${edge.to}`);
  if (template.nodes.some((n) => n.id === node.id))
    throw new RangeError(`insertNodeIntoEdge: id "${node.id}" is taken`);
  const old = template.edges[at];
  const edges = [...template.edges];
  edges.splice(at, 1, { ...old, to: node.id }, { from: node.id, to: old.to });
  const after = template.nodes.findIndex((n) => n.id === edge.from);
  const nodes = [...template.nodes];
  nodes.splice(after + 1, 0, node);
  const checkpoints = node.type === "checkpoint" ? [...template.checkpoints, node.id] : template.checkpoints;
  return { ...template, nodes, edges, checkpoints };
}
