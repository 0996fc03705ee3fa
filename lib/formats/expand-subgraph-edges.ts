/**
 * Mermaid lets an edge end at a subgraph (`tests --> deploy`). In a workflow that means "after
 * the whole group" / "before the whole group": an edge out of a subgraph leaves from each of its
 * sink members (no edge to another member), an edge into it enters each source member.
 */
import type { MermaidDiagram, MermaidEdgeDecl } from "./mermaid-parse";

/** Returns the diagram with subgraph references in edges replaced by their members. */
export function expandSubgraphEdges(diagram: MermaidDiagram): MermaidDiagram {
  const declared = new Set(diagram.nodes.filter((n) => n.label !== undefined).map((n) => n.id));
  const groups = new Map(diagram.subgraphs.filter((s) => !declared.has(s.id)).map((s) => [s.id, s]));
  const referenced = diagram.edges.some((e) => groups.has(e.from) || groups.has(e.to));
  if (!referenced) return diagram;

  // All nodes inside a subgraph, nested ones included (a subgraph id is not a node).
  const members = new Map<string, string[]>();
  const collect = (id: string): string[] => {
    if (members.has(id)) return members.get(id)!;
    members.set(id, []);
    const own = groups.get(id)?.members ?? [];
    const nested = diagram.subgraphs.filter((s) => s.parent === id).flatMap((s) => collect(s.id));
    const all = [...own.filter((m) => !groups.has(m)), ...nested];
    members.set(id, all);
    return all;
  };
  const inner = diagram.edges.filter((e) => !groups.has(e.from) && !groups.has(e.to));
  const ends = (id: string, side: "from" | "to"): string[] => {
    if (!groups.has(id)) return [id];
    const set = new Set(collect(id));
    const other = side === "from" ? "to" : "from";
    return [...set].filter((m) => !inner.some((e) => e[side] === m && set.has(e[other])));
  };
  const edges: MermaidEdgeDecl[] = diagram.edges.flatMap((e) =>
    ends(e.from, "from").flatMap((from) => ends(e.to, "to").map((to) => ({ ...e, from, to }))),
  );
  return {
    ...diagram,
    nodes: diagram.nodes.filter((n) => !groups.has(n.id)),
    edges,
    subgraphs: diagram.subgraphs.map((s) => ({ ...s, members: s.members.filter((m) => !groups.has(m)) })),
  };
}
