/**
 * Renaming a node id everywhere it is used: the node, edges, `{old.field}` references in every
 * node, `checkpoints[]`, `atomic_groups[].nodes` and `on_fail: fallback:<old>`.
 */
import { substituteReferences } from "@/lib/workflow/model/references";
import { mapReferenceFields } from "@/lib/workflow/model/template-references";
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";

/** Returns the renamed template. Throws a RangeError if `oldId` is missing or `newId` is taken or empty. */
export function renameNodeId<T extends Template>(template: T, oldId: string, newId: string): T {
  if (oldId === newId) return template;
  if (!template.nodes.some((n) => n.id === oldId)) throw new RangeError(`renameNodeId: no node "${oldId}"`);
  if (newId === "" || template.nodes.some((n) => n.id === newId))
    throw new RangeError(`renameNodeId: id "${newId}" is empty or taken`);
  const rename = (id: string) => (id === oldId ? newId : id);
  const rewrite = (text: string) =>
    substituteReferences(text, (ref) =>
      ref.kind === "node" && ref.nodeId === oldId ? `{${newId}.${ref.field}}` : undefined,
    ).text;
  const nodes = template.nodes.map((n) => {
    const node: WorkflowNode = mapReferenceFields({ ...n, id: rename(n.id) }, rewrite);
    if (node.on_fail === `fallback:${oldId}`) node.on_fail = `fallback:${newId}`;
    return node;
  });
  return {
    ...template,
    nodes,
    edges: template.edges.map((e) =>
      e.from === oldId || e.to === oldId ? { ...e, from: rename(e.from), to: rename(e.to) } : e,
    ),
    checkpoints: template.checkpoints.map(rename),
    atomic_groups: template.atomic_groups.map((g) =>
      g.nodes.includes(oldId) ? { ...g, nodes: g.nodes.map(rename) } : g,
    ),
  };
}
