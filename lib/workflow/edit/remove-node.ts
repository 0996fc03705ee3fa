/**
 * Removing nodes while keeping the flow (the node menu's "remove", docs/ui.md): every predecessor of a removed node is
 * wired to every successor, so all other nodes keep exactly the reachability they had.
 */
import type { Edge, Template } from "@/lib/workflow/model/template-schema";

const key = (from: string, to: string) => `${from}\u0000${to}`;

/**
 * Removes `ids` (unknown ids are ignored) and re-wires around each one, in the given order.
 * A new edge p → s takes the label of p → x (a gate's branch stays a branch), else of x → s.
 * Edges that were not touched keep their order; new edges are appended. Also drops the ids from
 * `checkpoints` and `atomic_groups`. Pure; O(removed × in-degree × out-degree + edges).
 */
export function removeNodes<T extends Template>(template: T, ids: Iterable<string>): T {
  const wanted = [...ids];
  if (wanted.length === 0) return template;
  const existing = new Set(template.nodes.map((n) => n.id));
  const remove = new Set(wanted.filter((id) => existing.has(id)));
  if (remove.size === 0) return template;
  const edges: (Edge | null)[] = [];
  const live = new Map<string, number>();
  const outgoing = new Map<string, number[]>();
  const incoming = new Map<string, number[]>();
  const add = (edge: Edge) => {
    const i = edges.push(edge) - 1;
    live.set(key(edge.from, edge.to), (live.get(key(edge.from, edge.to)) ?? 0) + 1);
    (outgoing.get(edge.from) ?? outgoing.set(edge.from, []).get(edge.from)!).push(i);
    (incoming.get(edge.to) ?? incoming.set(edge.to, []).get(edge.to)!).push(i);
  };
  template.edges.forEach(add);
  const kill = (i: number) => {
    const e = edges[i];
    if (!e) return;
    live.set(key(e.from, e.to), (live.get(key(e.from, e.to)) ?? 1) - 1);
    edges[i] = null;
  };
  for (const x of remove) {
    const ins = (incoming.get(x) ?? []).filter((i) => edges[i] && edges[i]!.from !== x);
    const outs = (outgoing.get(x) ?? []).filter((i) => edges[i] && edges[i]!.to !== x);
    for (const i of ins)
      for (const o of outs) {
        const p = edges[i]!;
        const s = edges[o]!;
        if (p.from === s.to || live.get(key(p.from, s.to))) continue;
        const label = p.label ?? s.label;
        add(label === undefined ? { from: p.from, to: s.to } : { from: p.from, to: s.to, label });
      }
    for (const i of [...(incoming.get(x) ?? []), ...(outgoing.get(x) ?? [])]) kill(i);
  }
  return {
    ...template,
    nodes: template.nodes.filter((n) => !remove.has(n.id)),
    edges: edges.filter((e): e is Edge => e !== null),
    checkpoints: template.checkpoints.filter((id) => !remove.has(id)),
    atomic_groups: template.atomic_groups.map((g) =>
      g.nodes.some((id) => remove.has(id)) ? { ...g, nodes: g.nodes.filter((id) => !remove.has(id)) } : g,
    ),
  };
}
