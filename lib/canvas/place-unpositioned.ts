/**
 * Gives a position to nodes that have none (injected checkpoints, pasted or imported nodes) without
 * moving the ones a person placed: between a placed predecessor and successor, else just after a
 * placed predecessor, else before a placed successor. When nothing is placed, the whole template
 * is auto-laid out.
 */
import type { Template } from "@/lib/workflow/model/template-schema";
import { autoLayout, DEFAULT_NODE_HEIGHT, DEFAULT_NODE_WIDTH } from "./auto-layout";

const STEP = DEFAULT_NODE_WIDTH + 60;

export function placeUnpositioned<T extends Template>(template: T): T {
  if (template.nodes.every((n) => n.position)) return template;
  if (!template.nodes.some((n) => n.position)) return autoLayout(template);
  const at = new Map(template.nodes.filter((n) => n.position).map((n) => [n.id, n.position!]));
  const taken = new Set([...at.values()].map((p) => `${p.x},${p.y}`));
  const free = (p: { x: number; y: number }) => {
    let q = { x: Math.round(p.x), y: Math.round(p.y) };
    while (taken.has(`${q.x},${q.y}`)) q = { x: q.x, y: q.y + DEFAULT_NODE_HEIGHT + 24 };
    taken.add(`${q.x},${q.y}`);
    return q;
  };
  // Repeat so a chain of new nodes is placed one after another.
  for (let pass = 0; pass < template.nodes.length && at.size < template.nodes.length; pass++) {
    let placed = 0;
    for (const node of template.nodes) {
      if (at.has(node.id)) continue;
      const pred = template.edges.find((e) => e.to === node.id && at.has(e.from));
      const succ = template.edges.find((e) => e.from === node.id && at.has(e.to));
      const p = pred ? at.get(pred.from)! : undefined;
      const s = succ ? at.get(succ.to)! : undefined;
      const spot =
        p && s
          ? { x: (p.x + s.x) / 2, y: (p.y + s.y) / 2 + DEFAULT_NODE_HEIGHT + 24 }
          : p
            ? { x: p.x + STEP, y: p.y }
            : s
              ? { x: s.x - STEP, y: s.y }
              : undefined;
      if (!spot) continue;
      at.set(node.id, free(spot));
      placed++;
    }
    if (placed === 0) break;
  }
  // Anything still unplaced (no placed neighbour): below everything.
  const bottom = Math.max(...[...at.values()].map((p) => p.y)) + DEFAULT_NODE_HEIGHT + 60;
  let x = 0;
  for (const node of template.nodes)
    if (!at.has(node.id)) {
      at.set(node.id, free({ x, y: bottom }));
      x += STEP;
    }
  return { ...template, nodes: template.nodes.map((n) => (n.position ? n : { ...n, position: at.get(n.id)! })) };
}
