/**
 * Deleting what is selected on the canvas: nodes (with every edge that touches them) and edges.
 * Unlike `removeNodes` nothing is re-wired — the Delete key removes exactly what was selected.
 */
import type { Template } from "@/lib/workflow/model/template-schema";

export interface EdgeKey {
  from: string;
  to: string;
}

/** Removes the nodes and edges; drops removed ids from `checkpoints` and `atomic_groups` too. */
export function deleteElements<T extends Template>(
  template: T,
  nodeIds: Iterable<string>,
  edges: readonly EdgeKey[] = [],
): T {
  const gone = new Set(nodeIds);
  const edgeGone = new Set(edges.map((e) => `${e.from}\u0000${e.to}`));
  if (gone.size === 0 && edgeGone.size === 0) return template;
  return {
    ...template,
    nodes: template.nodes.filter((n) => !gone.has(n.id)),
    edges: template.edges.filter(
      (e) => !gone.has(e.from) && !gone.has(e.to) && !edgeGone.has(`${e.from}\u0000${e.to}`),
    ),
    checkpoints: template.checkpoints.filter((id) => !gone.has(id)),
    atomic_groups: template.atomic_groups.map((g) =>
      g.nodes.some((id) => gone.has(id)) ? { ...g, nodes: g.nodes.filter((id) => !gone.has(id)) } : g,
    ),
  };
}

/** Sets (or, with an empty string, clears) the label of the edge `from → to`. */
export function setEdgeLabel<T extends Template>(template: T, edge: EdgeKey, label: string): T {
  const at = template.edges.findIndex((e) => e.from === edge.from && e.to === edge.to);
  if (at < 0) throw new RangeError(`setEdgeLabel: no edge ${edge.from} → ${edge.to}`);
  const edges = template.edges.slice();
  const { label: _old, ...rest } = edges[at];
  edges[at] = label === "" ? rest : { ...rest, label };
  return { ...template, edges };
}
