import { describe, expect, it } from "vitest";
import { planRun } from "./run-plan";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";

describe("planRun", () => {
  it("expands loops into chained iterations and rewires edges", () => {
    //  A → L(max 3) → B
    const plan = planRun(
      buildTemplate().node("A").node("L", { type: "loop", max_iter: 3 }).node("B").chain("A", "L", "B").done(),
    );
    if (!plan.ok) throw new Error("plan");
    expect(plan.plan.order).toEqual(["A", "L.iter_1", "L.iter_2", "L.iter_3", "B"]);
    expect(plan.plan.nodes["L.iter_1"]).toMatchObject({ deps: ["A"], iteration: 1, sourceId: "L" });
    expect(plan.plan.nodes.B.deps).toEqual(["L.iter_3"]);
  });

  it("builds the gate table and orders ties by template order", () => {
    //  G ─a→ C ;  G ─b→ B
    const plan = planRun(
      buildTemplate().node("G", { type: "gate" }).node("B").node("C").edge("G", "C", "a").edge("G", "B", "b").done(),
    );
    if (!plan.ok) throw new Error("plan");
    expect(plan.plan.gates.G).toEqual([
      { label: "a", to: "C" },
      { label: "b", to: "B" },
    ]);
    expect(plan.plan.order).toEqual(["G", "B", "C"]);
  });

  it("reports cycles and bad fallback targets with RUN codes", () => {
    //  A ⇄ B
    const cyc = planRun(buildTemplate().node("A").node("B").chain("A", "B", "A").done());
    expect(cyc.ok ? [] : cyc.diagnostics.map((d) => d.code)).toEqual(["RUN003"]);
    const fb = planRun(buildTemplate().node("A", { on_fail: "fallback:A" }).done());
    expect(fb.ok ? [] : fb.diagnostics.map((d) => d.code)).toEqual(["RUN004"]);
  });
});
