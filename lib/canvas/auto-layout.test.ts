import { describe, expect, it } from "vitest";
import { autoLayout } from "@/lib/canvas/auto-layout";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";

describe("autoLayout", () => {
  // A --> B --> D
  //  \--> C --/
  const t = graph().chain("A", "B", "D").chain("A", "C", "D").edge("D", "ghost").edge("D", "D").build();
  const pos = (laid: typeof t, id: string) => laid.nodes.find((n) => n.id === id)!.position!;

  it("lays out left to right: ranks grow in x, siblings share a column", () => {
    const laid = autoLayout(t, { direction: "LR" });
    expect(pos(laid, "A").x).toBeLessThan(pos(laid, "B").x);
    expect(pos(laid, "B").x).toBe(pos(laid, "C").x);
    expect(pos(laid, "B").y).not.toBe(pos(laid, "C").y);
    expect(pos(laid, "C").x).toBeLessThan(pos(laid, "D").x);
  });

  it("lays out top to bottom: ranks grow in y", () => {
    const laid = autoLayout(t, { direction: "TB" });
    expect(pos(laid, "A").y).toBeLessThan(pos(laid, "B").y);
    expect(pos(laid, "B").y).toBe(pos(laid, "C").y);
    expect(pos(laid, "D").y).toBeGreaterThan(pos(laid, "C").y);
  });

  it("is pure and keeps boxes from overlapping", () => {
    const laid = autoLayout(t, { nodeWidth: 100, nodeHeight: 50 });
    expect(t.nodes.every((n) => n.position === undefined)).toBe(true);
    const boxes = laid.nodes.map((n) => n.position!);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        expect(Math.abs(boxes[i].x - boxes[j].x) >= 100 || Math.abs(boxes[i].y - boxes[j].y) >= 50).toBe(true);
    expect(autoLayout(t)).toEqual(autoLayout(t));
  });
});

describe("autoLayout on big graphs (linear layered layout)", () => {
  // a ladder of 300 nodes: R0K0 --> R1K0 --> … and R(r-1)K(k-1) --> RrKk, 3 wide
  const b = graph();
  for (let r = 0; r < 100; r++)
    for (let k = 0; k < 3; k++) {
      b.node(`R${r}K${k}`);
      if (r > 0) b.edge(`R${r - 1}K${k}`, `R${r}K${k}`);
      if (r > 0 && k > 0) b.edge(`R${r - 1}K${k - 1}`, `R${r}K${k}`);
    }
  const big = b.build();

  it.each(["LR", "TB"] as const)("places every edge forward and no two boxes on one spot (%s)", (direction) => {
    const laid = autoLayout(big, { direction, nodeWidth: 100, nodeHeight: 40 });
    const at = new Map(laid.nodes.map((n) => [n.id, n.position!]));
    const axis = direction === "LR" ? "x" : "y";
    for (const e of big.edges) expect(at.get(e.from)![axis]).toBeLessThan(at.get(e.to)![axis]);
    expect(new Set(laid.nodes.map((n) => `${n.position!.x},${n.position!.y}`)).size).toBe(big.nodes.length);
  });
});
