/**
 * Where a new node (or note) goes so that it covers nothing: the free spot nearest a preferred
 * top-left corner, inside a bounding box when one is given (the visible part of the canvas). Pure.
 */
import type { Template } from "@/lib/workflow/model/template-schema";
import { readNotes } from "@/lib/workflow/edit/sticky-notes";
import { DEFAULT_NODE_HEIGHT, DEFAULT_NODE_WIDTH } from "./auto-layout";

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export type XY = { x: number; y: number };

/** Space kept free around a new box. */
const GAP = 16;
const MAX_RINGS = 40;

/** The boxes a template's nodes and notes cover on the canvas (flow coordinates). */
export function occupiedBoxes(template: Template): Rect[] {
  const boxes: Rect[] = [];
  for (const n of template.nodes)
    if (n.position) boxes.push({ ...n.position, width: DEFAULT_NODE_WIDTH, height: DEFAULT_NODE_HEIGHT });
  for (const note of readNotes(template)) boxes.push({ ...note.position, ...note.size });
  return boxes;
}

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP;

const inside = (a: Rect, bounds: Rect) =>
  a.x >= bounds.x &&
  a.y >= bounds.y &&
  a.x + a.width <= bounds.x + bounds.width &&
  a.y + a.height <= bounds.y + bounds.height;

export interface FreeSpotOptions {
  /** Keep the box inside this rectangle when it can hold it. */
  bounds?: Rect;
  size?: { width: number; height: number };
  /** How much a step sideways costs against a step up or down (> 1 keeps a column: "after this node"). */
  sideways?: number;
}

/**
 * The top-left corner nearest `preferred` whose box overlaps no box in `occupied` (with a gap) and,
 * when `bounds` can hold it, lies inside `bounds`. Searched on a half-node grid, ring by ring; when
 * nothing is free nearby, `preferred` (moved inside `bounds`).
 */
export function freeSpot(occupied: readonly Rect[], preferred: XY, options: FreeSpotOptions = {}): XY {
  const size = options.size ?? { width: DEFAULT_NODE_WIDTH, height: DEFAULT_NODE_HEIGHT };
  const bounds =
    options.bounds && options.bounds.width >= size.width && options.bounds.height >= size.height
      ? options.bounds
      : undefined;
  const clamp = (p: XY): XY =>
    bounds
      ? {
          x: Math.min(Math.max(p.x, bounds.x), bounds.x + bounds.width - size.width),
          y: Math.min(Math.max(p.y, bounds.y), bounds.y + bounds.height - size.height),
        }
      : p;
  const start = clamp({ x: Math.round(preferred.x), y: Math.round(preferred.y) });
  // Only boxes near the search area matter.
  const stepX = Math.round((size.width + GAP) / 2);
  const stepY = Math.round((size.height + GAP) / 2);
  const reach = { x: MAX_RINGS * stepX + size.width, y: MAX_RINGS * stepY + size.height };
  const near = occupied.filter(
    (b) => Math.abs(b.x - start.x) < reach.x + b.width && Math.abs(b.y - start.y) < reach.y + b.height,
  );
  const free = (p: XY) => {
    const box = { ...p, ...size };
    return (!bounds || inside(box, bounds)) && !near.some((b) => overlaps(box, b));
  };
  if (free(start)) return start;
  const sideways = options.sideways ?? 1;
  for (let ring = 1; ring <= MAX_RINGS; ring++) {
    let best: XY | undefined;
    let bestCost = Infinity;
    for (let i = -ring; i <= ring; i++)
      for (let j = -ring; j <= ring; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
        const p = { x: start.x + i * stepX, y: start.y + j * stepY };
        const cost = (i * stepX) ** 2 * sideways + (j * stepY) ** 2;
        if (cost < bestCost && free(p)) {
          best = p;
          bestCost = cost;
        }
      }
    if (best) return best;
  }
  return start;
}
