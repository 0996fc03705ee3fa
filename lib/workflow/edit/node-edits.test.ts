import { describe, expect, it } from "vitest";
import { deleteElements, setEdgeLabel } from "./delete-elements";
import { moveNodes } from "./move-nodes";
import { newNode, nextNodeId } from "./new-node";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { changeNodeType, updateNode } from "./update-node";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";

//   A → B → C
const abc = () => graph("abc").chain("A", "B", "C").build();

describe("editor edits", () => {
  it("newNode gives a free id in the house style and a node its type accepts", () => {
    expect(nextNodeId(new Set(["N-001", "N-003"]), "N")).toBe("N-004");
    expect(nextNodeId(new Set(), "CP")).toBe("CP-01");
    for (const type of ["shell", "agent", "skill", "http", "human", "checkpoint", "gate", "loop"] as const) {
      const t = abc();
      const node = newNode(type, t, { position: { x: 10.4, y: 20.6 } });
      expect(node.position).toEqual({ x: 10, y: 21 });
      const r = validateTemplate({ ...t, nodes: [...t.nodes, node] });
      expect(r.diagnostics.filter((d) => d.code === "WF001")).toEqual([]);
    }
  });

  it("updateNode patches one node, removes undefined fields and keeps other nodes' identity", () => {
    const t = abc();
    const u = updateNode(t, "B", { description: "hi", executor: undefined, id: "X" });
    expect(u.nodes[1]).toMatchObject({ id: "B", description: "hi" });
    expect("executor" in u.nodes[1]).toBe(false);
    expect(u.nodes[0]).toBe(t.nodes[0]);
    expect(() => updateNode(t, "Z", {})).toThrow(RangeError);
    expect(changeNodeType(t, "B", "loop").nodes[1]).toMatchObject({ type: "loop", max_iter: 3 });
  });

  it("moveNodes rounds positions and returns the same template when nothing moved", () => {
    const t = moveNodes(abc(), { A: { x: 1.2, y: 2.7 } });
    expect(t.nodes[0].position).toEqual({ x: 1, y: 3 });
    expect(moveNodes(t, { A: { x: 1, y: 3 } })).toBe(t);
  });

  it("deleteElements removes nodes with their edges, and single edges, without re-wiring", () => {
    const t = deleteElements(abc(), ["B"]);
    expect(t.nodes.map((n) => n.id)).toEqual(["A", "C"]);
    expect(t.edges).toEqual([]);
    expect(deleteElements(abc(), [], [{ from: "A", to: "B" }]).edges).toEqual([{ from: "B", to: "C" }]);
  });

  it("setEdgeLabel sets and clears a label", () => {
    const t = setEdgeLabel(abc(), { from: "A", to: "B" }, "yes");
    expect(t.edges[0]).toEqual({ from: "A", to: "B", label: "yes" });
    expect(setEdgeLabel(t, { from: "A", to: "B" }, "").edges[0]).toEqual({ from: "A", to: "B" });
  });
});
