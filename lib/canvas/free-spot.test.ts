import { describe, expect, it } from "vitest";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { addNote } from "@/lib/workflow/edit/sticky-notes";
import { findNodes } from "./find-nodes";
import { freeSpot, occupiedBoxes, type Rect } from "./free-spot";

const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = (p: { x: number; y: number }): Rect => ({ ...p, width: 220, height: 72 });

describe("freeSpot", () => {
  it("keeps the preferred spot when it is free", () => {
    expect(freeSpot([], { x: 10.6, y: 20 })).toEqual({ x: 11, y: 20 });
  });

  it("never covers a node or a note, and stays inside the bounds", () => {
    let t = graph()
      .node("A", { position: { x: 0, y: 0 } })
      .node("B", { position: { x: 0, y: 100 } })
      .build();
    t = addNote(t, { position: { x: 240, y: 0 } }).template;
    const occupied = occupiedBoxes(t);
    expect(occupied).toHaveLength(3);
    const bounds = { x: -300, y: -300, width: 900, height: 700 };
    for (let i = 0; i < 6; i++) {
      const spot = freeSpot(occupied, { x: 0, y: 0 }, { bounds });
      for (const b of occupied) expect(overlap(box(spot), b)).toBe(false);
      expect(spot.x).toBeGreaterThanOrEqual(bounds.x);
      expect(spot.y + 72).toBeLessThanOrEqual(bounds.y + bounds.height);
      occupied.push(box(spot));
    }
  });

  it("prefers the same column when a step sideways costs more (a node after another)", () => {
    const occupied = [box({ x: 280, y: 0 })];
    const spot = freeSpot(occupied, { x: 280, y: 0 }, { sideways: 8 });
    expect(spot.x).toBe(280);
  });

  it("moves a preferred spot outside the bounds inside them", () => {
    const spot = freeSpot([], { x: 5000, y: 5000 }, { bounds: { x: 0, y: 0, width: 800, height: 600 } });
    expect(spot).toEqual({ x: 580, y: 528 });
  });
});

describe("findNodes", () => {
  const t = graph()
    .node("N-010", { name: "Build" })
    .node("N-001", { name: "Plan the build" })
    .node("B-1", { name: "n-001 notes" })
    .build();
  it("ranks an exact id, then id prefixes, then names", () => {
    expect(findNodes(t, "n-001").map((n) => n.id)).toEqual(["N-001", "B-1"]);
    expect(findNodes(t, "build").map((n) => n.id)).toEqual(["N-010", "N-001"]);
    expect(findNodes(t, "   ")).toEqual([]);
    expect(findNodes(t, "🎉<b>")).toEqual([]);
  });
});
