/**
 * Drawing an edge on the canvas. A connection is refused — with a reason a person can read — when
 * it would loop a node to itself, repeat an edge, or close a cycle (the model is a DAG).
 */
import { buildGraph } from "@/lib/workflow/graph/build-graph";
import type { Edge, Template } from "@/lib/workflow/model/template-schema";

export type ConnectRefusal =
  | { reason: "missing"; message: string }
  | { reason: "self"; message: string }
  | { reason: "duplicate"; message: string }
  | { reason: "cycle"; message: string; cycle: string[] };

/** A path `from → … → to` through the edges, or null (breadth-first, so the shortest). */
export function findPath(template: Pick<Template, "nodes" | "edges">, from: string, to: string): string[] | null {
  const graph = buildGraph(template);
  const start = graph.index.get(from);
  const goal = graph.index.get(to);
  if (start === undefined || goal === undefined) return null;
  const parent = new Int32Array(graph.ids.length).fill(-2);
  parent[start] = -1;
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head];
    if (v === goal) break;
    for (const w of graph.succ[v])
      if (parent[w] === -2) {
        parent[w] = v;
        queue.push(w);
      }
  }
  if (parent[goal] === -2) return null;
  const path: string[] = [];
  for (let v = goal; v !== -1; v = parent[v]) path.push(graph.ids[v]);
  return path.reverse();
}

/** Why `from → to` cannot be added, or null when it can. */
export function connectionRefusal(
  template: Pick<Template, "nodes" | "edges">,
  from: string,
  to: string,
): ConnectRefusal | null {
  const ids = new Set(template.nodes.map((n) => n.id));
  if (!ids.has(from) || !ids.has(to))
    return { reason: "missing", message: `No node "${ids.has(from) ? to : from}" to connect.` };
  if (from === to) return { reason: "self", message: `A node cannot depend on itself (${from}).` };
  if (template.edges.some((e) => e.from === from && e.to === to))
    return { reason: "duplicate", message: `${from} → ${to} is already connected.` };
  const back = findPath(template, to, from);
  if (back)
    return {
      reason: "cycle",
      cycle: [...back, to],
      message: `Refused: ${from} → ${to} would make a cycle (${[...back, to].join(" → ")}).`,
    };
  return null;
}

/** Adds `from → to` (with a label when given); throws a RangeError carrying the refusal's message. */
export function connectNodes<T extends Template>(template: T, from: string, to: string, label?: string): T {
  const refusal = connectionRefusal(template, from, to);
  if (refusal) throw new RangeError(refusal.message);
  const edge: Edge = label === undefined || label === "" ? { from, to } : { from, to, label };
  return { ...template, edges: [...template.edges, edge] };
}
