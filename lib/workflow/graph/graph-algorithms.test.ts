import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildGraph } from "./build-graph";
import { findCycles } from "./find-cycles";
import { hasPath } from "@/lib/workflow/test-support/has-path";
import { ancestorsOf } from "./reachability";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { topologicalOrder } from "./topological-order";
import { transitiveReduction } from "./transitive-reduction";

/** Random graphs over N0..N(n-1); `dag` keeps only edges from a lower to a higher index. */
const arbGraph = (dag: boolean) =>
  fc
    .record({ n: fc.integer({ min: 1, max: 15 }), edges: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 40 }) })
    .map(({ n, edges }) => {
      const b = graph();
      for (let i = 0; i < n; i++) b.node(`N${i}`);
      for (const [x, y] of edges) if (!dag || x % n < y % n) b.edge(`N${x % n}`, `N${y % n}`);
      return b.build();
    });

describe("topologicalOrder", () => {
  it("breaks ties by node order, whatever the order of the edges", () => {
    // C --> A ; B (free) ; D --> A
    const t = graph().node("C").node("B").node("D").node("A").edge("D", "A").edge("C", "A").build();
    expect(topologicalOrder(t)).toEqual({ order: ["C", "B", "D", "A"], blocked: [] });
    expect(topologicalOrder({ ...t, edges: [...t.edges].reverse() }).order).toEqual(["C", "B", "D", "A"]);
  });

  it("reports the nodes on and behind a cycle as blocked", () => {
    // S --> A --> B --> A ; B --> C
    const t = graph().chain("S", "A", "B", "A").chain("B", "C").build();
    expect(topologicalOrder(t)).toEqual({ order: ["S"], blocked: ["A", "B", "C"] });
    const r = topologicalOrder(t);
    expect([...r.order, ...r.blocked]).toEqual(["S", "A", "B", "C"]);
  });

  it("respects every edge of any DAG (property)", () => {
    fc.assert(
      fc.property(arbGraph(true), (t) => {
        const { order, blocked } = topologicalOrder(t);
        expect(blocked).toEqual([]);
        expect(new Set(order).size).toBe(t.nodes.length);
        const pos = new Map(order.map((id, i) => [id, i]));
        for (const e of t.edges) expect(pos.get(e.from)!).toBeLessThan(pos.get(e.to)!);
      }),
      { numRuns: 300 },
    );
  });

  it("orders every node of any graph exactly once, blocked only when cycles exist (property)", () => {
    fc.assert(
      fc.property(arbGraph(false), (t) => {
        const g = buildGraph(t);
        const { order, blocked } = topologicalOrder(g);
        expect([...order, ...blocked].sort()).toEqual([...g.ids].sort());
        expect(blocked.length > 0).toBe(findCycles(g).length > 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe("findCycles", () => {
  it("returns a shortest cycle and every member of each component", () => {
    // A --> B --> C --> A ; C --> D --> C ; E --> F
    const g = buildGraph(graph().chain("A", "B", "C", "A").chain("C", "D", "C").chain("E", "F").build());
    expect(findCycles(g)).toEqual([{ path: ["A", "B", "C"], members: ["A", "B", "C", "D"] }]);
    expect(findCycles(buildGraph(graph().chain("A", "B").build()))).toEqual([]);
  });

  it("handles a 20,000-node chain without overflowing the stack", () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => `N${i}`);
    const g = buildGraph(
      graph()
        .chain(...ids, "N0")
        .build(),
    );
    expect(findCycles(g)[0].members).toHaveLength(20_000);
  });
});

describe("reachability", () => {
  it("lists ancestors and descendants", () => {
    // A --> B --> D ; A --> C --> D ; E
    const g = buildGraph(graph().chain("A", "B", "D").chain("A", "C", "D").node("E").build());
    expect(ancestorsOf(g, "D")).toEqual(["A", "B", "C"]);
    expect(hasPath(g, "A", "D")).toBe(true);
    expect(hasPath(g, "D", "A")).toBe(false);
    expect(hasPath(g, "A", "A")).toBe(false);
  });
});

describe("transitiveReduction", () => {
  it("drops edges implied by a longer path and keeps reachability (property)", () => {
    // A --> B --> C and A --> C (implied)
    const g = buildGraph(graph().chain("A", "B", "C").edge("A", "C").build());
    expect(transitiveReduction(g).map((s) => s.map((i) => g.ids[i]))).toEqual([["B"], ["C"], []]);
    fc.assert(
      fc.property(arbGraph(true), (t) => {
        const full = buildGraph(t);
        const reduced = { ...full, succ: transitiveReduction(full), pred: full.pred };
        for (const a of full.ids) for (const c of full.ids) expect(hasPath(reduced, a, c)).toBe(hasPath(full, a, c));
      }),
      { numRuns: 200 },
    );
  });
});
