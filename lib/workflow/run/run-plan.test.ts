import { describe, expect, it } from "vitest";
import { ancestorsOf, descendantsOf, MAX_PLANNED_NODES, planRun, planRunInSlices } from "./run-plan";
import { SLICE_ITEMS } from "@/lib/workflow/slices/sliced";
import type { Template } from "@/lib/workflow/model/template-schema";
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

  it("breaks ties among ids that are array indexes as JavaScript orders them (numbers first), else by template order", () => {
    const loose = (ids: string[]) => {
      const t = buildTemplate();
      for (const id of ids) t.node(id);
      const plan = planRun(t.done());
      if (!plan.ok) throw new Error("plan");
      return plan.plan.order;
    };
    expect(loose(["b", "a", "c"])).toEqual(["b", "a", "c"]);
    expect(loose(["b", "10", "2", "a"])).toEqual(["2", "10", "b", "a"]);
    // Not an index: a leading zero, or past 2³² − 2.
    expect(loose(["b", "07", "4294967295", "a"])).toEqual(["b", "07", "4294967295", "a"]);
  });

  it("lists an id planned twice (a node named like a loop's iteration) once", () => {
    const plan = planRun(
      buildTemplate().node("x", { type: "loop", max_iter: 1 }).node("x.iter_1").edge("x", "x.iter_1").done(),
    );
    const order = plan.ok ? plan.plan.order : plan.diagnostics.map((d) => d.code);
    expect(new Set(order).size).toBe(order.length);
  });

  it("plans in slices the same plan, yielding between them", () => {
    const t = buildTemplate();
    const count = 3 * SLICE_ITEMS;
    for (let i = 0; i < count; i++) t.node(`n${i}`, i % 500 === 7 ? { type: "loop", max_iter: 2 } : {});
    for (let i = 1; i < count; i++) t.edge(`n${i - 1}`, `n${i}`);
    const template = t.done();
    const work = planRunInSlices(template);
    let slices = 0;
    let step = work.next();
    for (; !step.done; step = work.next()) slices++;
    expect(slices).toBeGreaterThan(10);
    expect(step.value).toEqual(planRun(template));
  });

  it("reports cycles and bad fallback targets with RUN codes", () => {
    //  A ⇄ B
    const cyc = planRun(buildTemplate().node("A").node("B").chain("A", "B", "A").done());
    expect(cyc.ok ? [] : cyc.diagnostics.map((d) => d.code)).toEqual(["RUN003"]);
    const fb = planRun(buildTemplate().node("A", { on_fail: "fallback:A" }).done());
    expect(fb.ok ? [] : fb.diagnostics.map((d) => d.code)).toEqual(["RUN004"]);
  });

  it("refuses a loop past its bound and a plan past its size before expanding anything", () => {
    // Built past the schema (as a stored or hand-made object could be): planning must still refuse it.
    const loop = (id: string, max_iter: number) => ({
      id,
      name: id,
      type: "loop" as const,
      max_iter,
      args_template: "true",
    });
    const t = (nodes: ReturnType<typeof loop>[]): Template => ({ ...buildTemplate().node("A").done(), nodes });
    const huge = planRun(t([loop("L", 5_000_000)]));
    expect(huge).toMatchObject({ ok: false, diagnostics: [{ code: "RUN031", nodeId: "L", field: "max_iter" }] });
    if (!huge.ok) expect(huge.diagnostics[0].message).toContain("the limit is 100 iterations");
    const many = planRun(t(Array.from({ length: MAX_PLANNED_NODES / 100 + 1 }, (_, i) => loop(`L${i}`, 100))));
    expect(many).toMatchObject({ ok: false, diagnostics: [{ code: "RUN032" }] });
    if (!many.ok) expect(many.diagnostics[0].message).toContain(`the limit is ${MAX_PLANNED_NODES}`);
    expect(planRun(t([loop("L", 100)])).ok).toBe(true);
  });
});

describe("ancestorsOf / descendantsOf", () => {
  it("follow deps up and succs down, the start included", () => {
    //  A → B → D ;  C → D ;  D → E
    const planned = planRun(
      buildTemplate().node("A").node("B").node("C").node("D").node("E").chain("A", "B", "D", "E").edge("C", "D").done(),
    );
    if (!planned.ok) throw new Error("plan");
    expect([...ancestorsOf(planned.plan, ["D"])].sort()).toEqual(["A", "B", "C", "D"]);
    expect([...ancestorsOf(planned.plan, ["A"])]).toEqual(["A"]);
    expect([...descendantsOf(planned.plan, ["B"])].sort()).toEqual(["B", "D", "E"]);
  });
});
