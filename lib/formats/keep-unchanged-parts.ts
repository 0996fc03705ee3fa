/**
 * Applying an imported text over the current draft: node positions are kept by id (text formats do
 * not carry them all), and every node and edge that the import left as it was is the draft's own
 * object. The canvas projection caches by node and edge object, so a one-line edit of a 1,000-node
 * Mermaid source redraws one node, not a thousand; an import equal to the draft is the draft itself
 * (no undo step).
 */
import type { Edge, Template, WorkflowNode } from "@/lib/workflow/model/template-schema";

/** Equal as JSON values (key order ignored, undefined members as absent). */
export function equalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equalJson(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k in x) {
    if (x[k] === undefined) continue;
    count++;
    if (!equalJson(x[k], y[k])) return false;
  }
  for (const k in y) if (y[k] !== undefined) count--;
  return count === 0;
}

export function keepUnchangedParts(imported: Template, draft: Template): Template {
  const before = new Map(draft.nodes.map((n) => [n.id, n]));
  let same = imported.nodes.length === draft.nodes.length;
  const nodes = imported.nodes.map((n, i): WorkflowNode => {
    const old = before.get(n.id);
    const next = old?.position && !n.position ? { ...n, position: old.position } : n;
    if (old && equalJson(next, old)) {
      same &&= draft.nodes[i] === old;
      return old;
    }
    same = false;
    return next;
  });
  // Edges by their ends, in order (the same pair may appear twice).
  const edgesByEnds = new Map<string, Edge[]>();
  for (const e of draft.edges) {
    const key = `${e.from}\n${e.to}`;
    edgesByEnds.set(key, [...(edgesByEnds.get(key) ?? []), e]);
  }
  same &&= imported.edges.length === draft.edges.length;
  const edges = imported.edges.map((e, i): Edge => {
    const old = edgesByEnds.get(`${e.from}\n${e.to}`)?.shift();
    if (old && equalJson(e, old)) {
      same &&= draft.edges[i] === old;
      return old;
    }
    same = false;
    return e;
  });
  const next = { ...imported, nodes, edges };
  if (same && equalJson({ ...next, nodes: [], edges: [] }, { ...draft, nodes: [], edges: [] })) return draft;
  return next;
}
