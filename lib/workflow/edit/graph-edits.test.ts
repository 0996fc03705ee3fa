import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildGraph } from "@/lib/workflow/graph/build-graph";
import { insertNodeAfter } from "./insert-node-after";
import { hasPath } from "@/lib/workflow/test-support/has-path";
import { removeNodes } from "./remove-node";

const removeNode = <T extends Template>(t: T, id: string): T => removeNodes(t, [id]);
import { renameNodeId } from "./rename-node-id";
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { parallelStages, wireParallelGroups } from "./wire-parallel-groups";

const edgesOf = (t: Template) => t.edges.map((e) => `${e.from}>${e.to}${e.label ? `:${e.label}` : ""}`);

describe("removeNode", () => {
  it("re-wires predecessors to successors (the node menu's remove)", () => {
    // A --> X --> C ; B --> X --> D
    const t = graph()
      .chain("A", "X", "C")
      .chain("B", "X", "D")
      .set({ checkpoints: ["X"] })
      .build();
    const out = removeNode(t, "X");
    expect(out.nodes.map((n) => n.id)).toEqual(["A", "C", "B", "D"]);
    expect(edgesOf(out)).toEqual(["A>C", "A>D", "B>C", "B>D"]);
    expect(out.checkpoints).toEqual([]);
    expect(t.nodes).toHaveLength(5); // the input is untouched
  });

  it("keeps a gate's branch label and does not duplicate existing edges", () => {
    // G --yes--> X --> B ; G --no--> B
    const t = graph().node("G", { type: "gate" }).edge("G", "X", "yes").chain("X", "B").edge("G", "B", "no").build();
    expect(edgesOf(removeNode(t, "X"))).toEqual(["G>B:no"]);
    const u = graph()
      .node("G", { type: "gate" })
      .edge("G", "X", "yes")
      .chain("X", "B")
      .edge("G", "C", "no")
      .node("C")
      .build();
    expect(edgesOf(removeNode(u, "X"))).toEqual(["G>C:no", "G>B:yes"]);
  });

  it("removes several nodes in a row and drops them from atomic groups", () => {
    // A --> X --> Y --> B
    const t = graph()
      .chain("A", "X", "Y", "B")
      .set({ atomic_groups: [{ name: "g", nodes: ["A", "X"] }] })
      .build();
    const out = removeNodes(t, ["X", "Y", "ghost"]);
    expect(edgesOf(out)).toEqual(["A>B"]);
    expect(out.atomic_groups[0].nodes).toEqual(["A"]);
    expect(removeNodes(t, ["ghost"])).toBe(t);
  });

  it("keeps every other node's reachability (property)", () => {
    const arb = fc.record({
      n: fc.integer({ min: 2, max: 12 }),
      edges: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 30 }),
      pick: fc.nat(),
    });
    fc.assert(
      fc.property(arb, ({ n, edges, pick }) => {
        const b = graph();
        for (let i = 0; i < n; i++) b.node(`N${i}`);
        for (const [x, y] of edges) if (x % n < y % n) b.edge(`N${x % n}`, `N${y % n}`);
        const t = b.build();
        const victim = `N${pick % n}`;
        const before = buildGraph(t);
        const after = buildGraph(removeNode(t, victim));
        const rest = t.nodes.map((x) => x.id).filter((id) => id !== victim);
        for (const a of rest)
          for (const c of rest) expect([a, c, hasPath(after, a, c)]).toEqual([a, c, hasPath(before, a, c)]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("insertNodeAfter", () => {
  it("puts the new node between a node and its successors", () => {
    // A --x--> B ; A --> C   becomes   A --> N --x--> B ; N --> C
    const t = graph().nodesOf({}, "A", "B", "C").edge("A", "B", "x").edge("A", "C").build();
    const fresh = { id: "N", name: "New", type: "skill", executor: "s" } as WorkflowNode;
    const out = insertNodeAfter(t, "A", fresh);
    expect(out.nodes.map((n) => n.id)).toEqual(["A", "N", "B", "C"]);
    expect(edgesOf(out)).toEqual(["N>B:x", "N>C", "A>N"]);
    expect(() => insertNodeAfter(t, "ghost", fresh)).toThrow(RangeError);
    expect(() => insertNodeAfter(t, "A", { ...fresh, id: "B" })).toThrow(RangeError);
  });
});

describe("renameNodeId", () => {
  it("renames the node, its edges, references, lists and fallbacks", () => {
    // A --> B --> C ; B refers to A, C falls back to A
    const t = graph()
      .node("A", { args_template: "{goal}" })
      .node("B", {
        args_template: "--in {A.output} {A.session_id} {AB.output}",
        checks: [{ type: "command", run: "cat {A.output}" }],
      })
      .node("C", { on_fail: "fallback:A" })
      .chain("A", "B", "C")
      .set({ checkpoints: ["A"], atomic_groups: [{ name: "g", nodes: ["A", "B"] }] })
      .build();
    const out = renameNodeId(t, "A", "PLAN");
    expect(out.nodes.map((n) => n.id)).toEqual(["PLAN", "B", "C"]);
    expect(out.nodes[1].args_template).toBe("--in {PLAN.output} {PLAN.session_id} {AB.output}");
    expect(out.nodes[1].checks?.[0]).toMatchObject({ run: "cat {PLAN.output}" });
    expect(out.nodes[2].on_fail).toBe("fallback:PLAN");
    expect(edgesOf(out)).toEqual(["PLAN>B", "B>C"]);
    expect(out.checkpoints).toEqual(["PLAN"]);
    expect(out.atomic_groups[0].nodes).toEqual(["PLAN", "B"]);
    expect(out.nodes[0].args_template).toBe("{goal}");
  });

  it("refuses a missing node or a taken id", () => {
    const t = graph().chain("A", "B").build();
    expect(() => renameNodeId(t, "Z", "Y")).toThrow(RangeError);
    expect(() => renameNodeId(t, "A", "B")).toThrow(RangeError);
    expect(renameNodeId(t, "A", "A")).toBe(t);
  });
});

describe("wireParallelGroups", () => {
  it("fans out to a group and back in (describe's edge wiring)", () => {
    // N1 --> {N2, N3} --> N4
    const nodes = [
      { id: "N1" },
      { id: "N2", parallel_group: "g" },
      { id: "N3", parallel_group: "g" },
      { id: "N4", parallel_group: null },
    ];
    expect(wireParallelGroups(nodes)).toEqual([
      { from: "N1", to: "N2" },
      { from: "N1", to: "N3" },
      { from: "N2", to: "N4" },
      { from: "N3", to: "N4" },
    ]);
  });

  it("gathers a group at its first member and joins two groups fully", () => {
    // group g = {A, C} sits where A is:  {A, C} --> B --> {D, E}
    const nodes = [
      { id: "A", parallel_group: "g" },
      { id: "B" },
      { id: "C", parallel_group: "g" },
      { id: "D", parallel_group: "h" },
      { id: "E", parallel_group: "h" },
    ];
    expect(parallelStages(nodes)).toEqual([["A", "C"], ["B"], ["D", "E"]]);
    expect(wireParallelGroups([{ id: "A" }, { id: "B" }]).length).toBe(1);
    expect(
      wireParallelGroups([
        { id: "X", parallel_group: "a" },
        { id: "Y", parallel_group: "b" },
      ]),
    ).toEqual([{ from: "X", to: "Y" }]);
  });
});
