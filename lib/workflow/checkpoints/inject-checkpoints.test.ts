import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildGraph } from "@/lib/workflow/graph/build-graph";
import { injectCheckpoints } from "./inject-checkpoints";
import { hasPath } from "@/lib/workflow/test-support/has-path";
import type { Template } from "@/lib/workflow/model/template-schema";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { topologicalOrder } from "@/lib/workflow/graph/topological-order";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";

const edgesOf = (t: Template) => t.edges.map((e) => `${e.from}>${e.to}${e.label ? `:${e.label}` : ""}`);

describe("injectCheckpoints", () => {
  it("follows the worked example of docs/model.md: after the plan, before the review", () => {
    // N-001 plan --> N-002 execute --> N-003 review-cycle
    const t = graph("Feature")
      .node("N-001", { name: "workflow-lite-plan", output_ports: ["plan"] })
      .node("N-002", { name: "workflow-execute", output_ports: ["code"] })
      .node("N-003", { name: "review-cycle", breakpoint: true })
      .chain("N-001", "N-002", "N-003")
      .build();
    const { template, report } = injectCheckpoints(t);
    expect(edgesOf(template)).toEqual(["N-001>CP-01", "CP-01>N-002", "N-002>CP-02", "CP-02>N-003"]);
    expect(template.nodes.map((n) => n.id)).toEqual(["N-001", "CP-01", "N-002", "CP-02", "N-003"]);
    expect(report.checkpoints).toMatchObject([
      { id: "CP-01", rule: "after-artifact", autoContinue: true, edge: { from: "N-001", to: "N-002" } },
      {
        id: "CP-02",
        rule: "breakpoint",
        autoContinue: false,
        pauseReasons: ["user-facing-deliverable", "user-breakpoint"],
      },
    ]);
    const cp1 = template.nodes[1];
    expect(cp1).toMatchObject({
      type: "checkpoint",
      injected: true,
      injected_rule: "after-artifact",
      auto_continue: true,
    });
    expect(cp1.name).toBe("Checkpoint: After workflow-lite-plan");
    expect(template.checkpoints).toEqual(["CP-01", "CP-02"]);
    expect(validateTemplate(template).ok).toBe(true);
  });

  it("places one checkpoint per phase boundary and keeps gate labels on the gate", () => {
    // A(p1) --> G(gate, p1) --yes--> B(p2)
    //                       --no---> C(p1)
    const t = graph()
      .node("A", { phase: "p1" })
      .node("G", { type: "gate", phase: "p1" })
      .node("B", { phase: "p2" })
      .node("C", { phase: "p1" })
      .edge("A", "G")
      .edge("G", "B", "yes")
      .edge("G", "C", "no")
      .build();
    const { template, report } = injectCheckpoints(t);
    expect(report.checkpoints).toMatchObject([{ id: "CP-01", rule: "phase-boundary", edge: { from: "G", to: "B" } }]);
    expect(edgesOf(template)).toEqual(["A>G", "G>C:no", "G>CP-01:yes", "CP-01>B"]);
    expect(template.nodes.find((n) => n.id === "CP-01")?.name).toBe("Checkpoint: p1 → p2");
  });

  it("fans out after an artifact and fans in before a background agent, pausing there", () => {
    // S --> P(analysis) --> X --> W(bg agent)
    //                  \--> Y --/
    const t = graph()
      .node("P", { name: "Analysis" })
      .node("W", { type: "agent", run_in_background: true })
      .chain("S", "P", "X", "W")
      .chain("P", "Y", "W")
      .build();
    const { template, report } = injectCheckpoints(t);
    expect(report.checkpoints.map((c) => [c.id, c.rule, c.autoContinue])).toEqual([
      ["CP-01", "after-artifact", true],
      ["CP-02", "before-background-agent", false],
    ]);
    expect(edgesOf(template)).toEqual(["S>P", "P>CP-01", "CP-01>X", "CP-01>Y", "X>CP-02", "Y>CP-02", "CP-02>W"]);
  });

  it("merges rules that meet on one edge", () => {
    // P(plan) --> W(bg agent)
    const t = graph()
      .node("P", { name: "Plan it" })
      .node("W", { type: "agent", long_running: true })
      .chain("P", "W")
      .build();
    const { report } = injectCheckpoints(t);
    expect(report.checkpoints).toMatchObject([
      { rule: "after-artifact", rules: ["after-artifact", "before-background-agent"], autoContinue: false },
    ]);
  });

  it("keeps user checkpoints, replaces only its own, and avoids their ids", () => {
    // P(plan) --> CP-01(user) --> B --> R(report)
    const t = graph()
      .node("P", { name: "Plan" })
      .node("CP-01", { type: "checkpoint", name: "Mine" })
      .node("R", { name: "Final report" })
      .chain("P", "CP-01", "B", "R")
      .build();
    const once = injectCheckpoints(t, { breakpoints: ["B"] });
    expect(once.template.nodes.find((n) => n.id === "CP-01")).toEqual(t.nodes[1]);
    // the plan and the breakpoint before B both sit next to the user's checkpoint: nothing added
    expect(once.report.checkpoints).toEqual([]);
    const withBp = injectCheckpoints(
      graph().node("P", { name: "Plan" }).chain("P", "B", "C").node("CP-01", { type: "checkpoint" }).build(),
      {
        breakpoints: ["C"],
      },
    );
    expect(withBp.report.checkpoints.map((c) => c.id)).toEqual(["CP-02", "CP-03"]);
    const again = injectCheckpoints(withBp.template, { breakpoints: ["C"] });
    expect(again.report.removed).toEqual(["CP-02", "CP-03"]);
    expect(again.template).toEqual(withBp.template);
  });

  it("removes its checkpoints when every rule is disabled", () => {
    const t = graph().node("P", { name: "Plan" }).chain("P", "B").build();
    const injected = injectCheckpoints(t).template;
    const stripped = injectCheckpoints(injected, {
      disable: ["after-artifact", "phase-boundary", "before-background-agent", "breakpoint"],
    }).template;
    expect(stripped.nodes).toEqual(t.nodes);
    expect(edgesOf(stripped)).toEqual(edgesOf(t));
    expect(stripped.checkpoints).toEqual([]);
  });
});

/** Random DAGs: edges only from a lower to a higher index; random phases and rule triggers. */
const arbTemplate = fc
  .record({
    n: fc.integer({ min: 1, max: 12 }),
    edges: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.option(fc.constantFrom("yes", "no"), { nil: undefined })), {
      maxLength: 30,
    }),
    kinds: fc.array(fc.constantFrom("plain", "plan", "bg", "bp", "gate", "checkpoint", "injected"), {
      minLength: 12,
      maxLength: 12,
    }),
    phases: fc.array(fc.constantFrom(undefined, "a", "b"), { minLength: 12, maxLength: 12 }),
  })
  .map(({ n, edges, kinds, phases }) => {
    const b = graph();
    for (let i = 0; i < n; i++) {
      const kind = kinds[i];
      const spec: Record<string, unknown> = { phase: phases[i] };
      if (kind === "plan") spec.name = `Plan ${i}`;
      if (kind === "bg") Object.assign(spec, { type: "agent", run_in_background: true });
      if (kind === "bp") spec.breakpoint = true;
      if (kind === "gate") spec.type = "gate";
      if (kind === "checkpoint") spec.type = "checkpoint";
      if (kind === "injected") Object.assign(spec, { type: "checkpoint", injected: true });
      b.node(`N${i}`, spec);
    }
    for (const [x, y, label] of edges) {
      const a = x % n;
      const c = y % n;
      if (a < c) b.edge(`N${a}`, `N${c}`, label);
    }
    return b.build();
  });

describe("injectCheckpoints properties", () => {
  it("is idempotent", () => {
    fc.assert(
      fc.property(arbTemplate, (t) => {
        const once = injectCheckpoints(t).template;
        expect(injectCheckpoints(once).template).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });

  it("never creates a cycle and keeps checkpoints[] in sync", () => {
    fc.assert(
      fc.property(arbTemplate, (t) => {
        const { template, report } = injectCheckpoints(t);
        expect(topologicalOrder(template).blocked).toEqual([]);
        const ids = new Set(template.nodes.map((n) => n.id));
        expect(ids.size).toBe(template.nodes.length);
        for (const c of report.checkpoints) expect(template.checkpoints).toContain(c.id);
        for (const id of template.checkpoints) expect(ids.has(id)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps the reachability between the original nodes", () => {
    fc.assert(
      fc.property(arbTemplate, (t) => {
        const user = t.nodes.filter((n) => !(n.type === "checkpoint" && n.injected)).map((n) => n.id);
        const before = buildGraph(
          injectCheckpoints(t, {
            disable: ["after-artifact", "phase-boundary", "before-background-agent", "breakpoint"],
          }).template,
        );
        const after = buildGraph(injectCheckpoints(t).template);
        for (const a of user)
          for (const b of user) expect([a, b, hasPath(after, a, b)]).toEqual([a, b, hasPath(before, a, b)]);
      }),
      { numRuns: 150 },
    );
  });
});
