/** Moving nodes on the canvas: positions are part of the template, so a saved layout comes back. */
import type { Template } from "@/lib/workflow/model/template-schema";

export type Positions = Readonly<Record<string, { x: number; y: number }>>;

/** Writes `positions` (rounded to whole pixels); nodes not listed keep their object identity. */
export function moveNodes<T extends Template>(template: T, positions: Positions): T {
  let changed = false;
  const nodes = template.nodes.map((node) => {
    const p = positions[node.id];
    if (!p) return node;
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    if (node.position && node.position.x === x && node.position.y === y) return node;
    changed = true;
    return { ...node, position: { x, y } };
  });
  return changed ? { ...template, nodes } : template;
}
