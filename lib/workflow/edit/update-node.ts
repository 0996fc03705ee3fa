/** Field edits from the inspector: one node's fields patched; `undefined` removes a field. */
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";

/**
 * Returns the template with node `id` patched (other nodes keep their identity, which keeps the
 * canvas projection cheap). `id` and `type` cannot be patched here: renaming an id goes through
 * `renameNodeId`, changing a type through `changeNodeType`. Throws a RangeError for an unknown id.
 */
export function updateNode<T extends Template>(template: T, id: string, patch: Record<string, unknown>): T {
  const at = template.nodes.findIndex((n) => n.id === id);
  if (at < 0) throw new RangeError(`updateNode: no node "${id}"`);
  const next: Record<string, unknown> = { ...template.nodes[at] };
  for (const [field, value] of Object.entries(patch)) {
    if (field === "id" || field === "type") continue;
    if (value === undefined) delete next[field];
    else next[field] = value;
  }
  const nodes = template.nodes.slice();
  nodes[at] = next as WorkflowNode;
  return { ...template, nodes };
}

/** Changes a node's type, keeping the fields every node shares (name, description, edges…). */
export function changeNodeType<T extends Template>(template: T, id: string, type: WorkflowNode["type"]): T {
  const at = template.nodes.findIndex((n) => n.id === id);
  if (at < 0) throw new RangeError(`changeNodeType: no node "${id}"`);
  const nodes = template.nodes.slice();
  const node = { ...nodes[at], type } as Record<string, unknown>;
  if (type === "loop" && typeof node.max_iter !== "number") node.max_iter = 3;
  nodes[at] = node as WorkflowNode;
  return { ...template, nodes };
}
