import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffTemplates, edgeKey, type TemplateDiff } from "./diff-templates";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import type { Edge, Template, WorkflowNode } from "@/lib/workflow/model/template-schema";

/** Applies a diff to a's node ids and edge keys (what the property checks against b's). */
function applyDiff(a: Template, d: TemplateDiff): { nodes: Set<string>; edges: Set<string> } {
  const nodes = new Set(a.nodes.map((n) => n.id));
  for (const id of d.nodes.removed) nodes.delete(id);
  for (const id of d.nodes.added) nodes.add(id);
  const edges = new Set(a.edges.map(edgeKey));
  for (const e of d.edges.removed) edges.delete(edgeKey(e));
  for (const e of d.edges.added) edges.add(edgeKey(e));
  return { nodes, edges };
}

const ids = ["A", "B", "C", "D", "E", "F"];
const nodeArb: fc.Arbitrary<WorkflowNode> = fc
  .record({
    id: fc.constantFrom(...ids),
    name: fc.constantFrom("build", "test", "ship"),
    timeout: fc.option(fc.constantFrom(10, 60), { nil: undefined }),
    args: fc.option(fc.constantFrom("make", "make test"), { nil: undefined }),
  })
  .map(({ id, name, timeout, args }) => ({
    id,
    name,
    type: "shell" as const,
    ...(timeout ? { timeout_s: timeout } : {}),
    ...(args ? { args_template: args } : {}),
  }));
const edgeArb: fc.Arbitrary<Edge> = fc
  .record({
    from: fc.constantFrom(...ids),
    to: fc.constantFrom(...ids),
    label: fc.option(fc.constantFrom("yes", "no"), { nil: undefined }),
  })
  .map(({ from, to, label }) => (label === undefined ? { from, to } : { from, to, label }));
const templateArb: fc.Arbitrary<Template> = fc
  .record({
    nodes: fc.uniqueArray(nodeArb, { selector: (n) => n.id, maxLength: 6 }),
    edges: fc.array(edgeArb, { maxLength: 10 }),
    name: fc.constantFrom("one", "two"),
  })
  .map(({ nodes, edges, name }) => ({ ...graph(name).build(), nodes, edges }));

describe("diffTemplates", () => {
  it("applying diff(a, b) to a gives b's node and edge sets", () => {
    fc.assert(
      fc.property(templateArb, templateArb, (a, b) => {
        const d = diffTemplates(a, b);
        const applied = applyDiff(a, d);
        expect(applied.nodes).toEqual(new Set(b.nodes.map((n) => n.id)));
        expect(applied.edges).toEqual(new Set(b.edges.map(edgeKey)));
        // A changed node is in both versions and really differs.
        for (const c of d.nodes.changed) {
          expect(a.nodes.some((n) => n.id === c.id) && b.nodes.some((n) => n.id === c.id)).toBe(true);
          expect(c.fields.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("diff(a, a) is empty", () => {
    fc.assert(
      fc.property(templateArb, (a) => {
        expect(diffTemplates(a, structuredClone(a))).toEqual({
          nodes: { added: [], removed: [], changed: [] },
          edges: { added: [], removed: [] },
          fields: [],
        });
      }),
    );
  });

  /*
   *  v1: A ──▶ B ──yes──▶ C        v2: A ──▶ B ──no──▶ C ──▶ D   (B's timeout changed)
   */
  it("names the changed fields; a relabelled edge is removed and added", () => {
    const v1 = graph("v1")
      .node("A")
      .node("B", { timeout_s: 10 })
      .node("C")
      .edge("A", "B")
      .edge("B", "C", "yes")
      .build();
    const v2 = graph("v2")
      .node("A")
      .node("B", { timeout_s: 60, tier: "ro" })
      .node("C")
      .node("D")
      .edge("A", "B")
      .edge("B", "C", "no")
      .edge("C", "D")
      .build();
    expect(diffTemplates(v1, v2)).toEqual({
      nodes: { added: ["D"], removed: [], changed: [{ id: "B", fields: ["tier", "timeout_s"] }] },
      edges: {
        added: [
          { from: "B", to: "C", label: "no" },
          { from: "C", to: "D" },
        ],
        removed: [{ from: "B", to: "C", label: "yes" }],
      },
      fields: ["name"],
    });
  });
});
