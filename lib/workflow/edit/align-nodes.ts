/**
 * Align and distribute a selection on the canvas. Every node is drawn at the same size, so lining
 * up top-left corners lines up edges and centres too. Pure; nodes not moved keep their identity.
 */
import type { Template } from "@/lib/workflow/model/template-schema";
import { moveNodes } from "./move-nodes";

export const ALIGNMENTS = ["left", "centre", "right", "top", "middle", "bottom"] as const;
export type Alignment = (typeof ALIGNMENTS)[number];
export type DistributeAxis = "horizontal" | "vertical";

function placed<T extends Template>(template: T, ids: readonly string[]) {
  const wanted = new Set(ids);
  return template.nodes.filter((n) => wanted.has(n.id) && n.position) as (T["nodes"][number] & {
    position: { x: number; y: number };
  })[];
}

/** Lines the nodes `ids` up on one edge or centre line; fewer than two placed nodes is refused (RangeError). */
export function alignNodes<T extends Template>(template: T, ids: readonly string[], how: Alignment): T {
  const nodes = placed(template, ids);
  if (nodes.length < 2) throw new RangeError("Select two or more nodes to align them.");
  const xs = nodes.map((n) => n.position.x);
  const ys = nodes.map((n) => n.position.y);
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const target = {
    left: Math.min(...xs),
    centre: mean(xs),
    right: Math.max(...xs),
    top: Math.min(...ys),
    middle: mean(ys),
    bottom: Math.max(...ys),
  }[how];
  const horizontal = how === "left" || how === "centre" || how === "right";
  const positions = Object.fromEntries(
    nodes.map((n) => [n.id, horizontal ? { x: target, y: n.position.y } : { x: n.position.x, y: target }]),
  );
  return moveNodes(template, positions);
}

/** Spaces the nodes `ids` evenly between the outermost two along one axis; fewer than three is refused (RangeError). */
export function distributeNodes<T extends Template>(template: T, ids: readonly string[], axis: DistributeAxis): T {
  const nodes = placed(template, ids);
  if (nodes.length < 3) throw new RangeError("Select three or more nodes to distribute them.");
  const key = axis === "horizontal" ? "x" : "y";
  const sorted = [...nodes].sort((a, b) => a.position[key] - b.position[key] || (a.id < b.id ? -1 : 1));
  const first = sorted[0].position[key];
  const step = (sorted[sorted.length - 1].position[key] - first) / (sorted.length - 1);
  const positions = Object.fromEntries(sorted.map((n, i) => [n.id, { ...n.position, [key]: first + i * step }]));
  return moveNodes(template, positions);
}
