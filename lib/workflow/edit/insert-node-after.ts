/** Inserting a node after another (the node menu's "insert after", docs/ui.md): A → X becomes A → new → X. */
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";

/**
 * Inserts `node` right after `afterId` in `nodes[]`; every edge `afterId → X` becomes
 * `node → X` (keeping its label and position in `edges[]`) and `afterId → node` is added.
 * Throws a RangeError when `afterId` is not a node or `node.id` is already taken.
 */
export function insertNodeAfter<T extends Template>(template: T, afterId: string, node: WorkflowNode): T {
  const at = template.nodes.findIndex((n) => n.id === afterId);
  if (at < 0) throw new RangeError(`insertNodeAfter: no node "${afterId}"`);
  if (template.nodes.some((n) => n.id === node.id)) throw new RangeError(`insertNodeAfter: id "${node.id}" is taken`);
  const nodes = [...template.nodes.slice(0, at + 1), node, ...template.nodes.slice(at + 1)];
  const moved = template.edges.map((e) => (e.from === afterId ? { ...e, from: node.id } : e));
  return { ...template, nodes, edges: [...moved, { from: afterId, to: node.id }] };
}
