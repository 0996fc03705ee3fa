/** Find a node by id or name (Ctrl/⌘ F): exact id first, then ids and names that start with the text, then contain it. */
import type { Template } from "@/lib/workflow/model/template-schema";

export interface FoundNode {
  id: string;
  name: string;
  type: string;
}

/** At most `limit` matches, best first; an empty query finds nothing. */
export function findNodes(template: Pick<Template, "nodes">, query: string, limit = 20): FoundNode[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const ranked: { rank: number; i: number; node: FoundNode }[] = [];
  template.nodes.forEach((n, i) => {
    const id = n.id.toLowerCase();
    const name = (n.name ?? "").toLowerCase();
    const rank =
      id === q ? 0 : id.startsWith(q) ? 1 : name.startsWith(q) ? 2 : id.includes(q) ? 3 : name.includes(q) ? 4 : -1;
    if (rank >= 0) ranked.push({ rank, i, node: { id: n.id, name: n.name ?? "", type: n.type } });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.i - b.i);
  return ranked.slice(0, limit).map((r) => r.node);
}
