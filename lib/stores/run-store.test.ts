import { describe, expect, it } from "vitest";
import { applyRunEvent } from "@/lib/workflow/run/apply-run-event";
import { planRun } from "@/lib/workflow/run/run-plan";
import { makeRunSpec } from "@/lib/workflow/run/run-spec";
import { initialRunState } from "@/lib/workflow/run/run-state";
import { parseTemplate } from "@/lib/workflow/parse-template";
import { createRunStore, statusesByTemplateNode } from "./run-store";

//  A ──▶ B
const parsed = parseTemplate({
  template_id: "wft-t-20261129",
  name: "t",
  nodes: [
    { id: "A", name: "a", type: "shell", args_template: "true" },
    { id: "B", name: "b", type: "shell", args_template: "true" },
  ],
  edges: [{ from: "A", to: "B" }],
});
if (!parsed.ok) throw new Error("fixture");
const template = parsed.template;
const planned = planRun(template);
if (!planned.ok) throw new Error("fixture");
const plan = planned.plan;

describe("run store", () => {
  it("advances with the engine's reducer, ignores replays, keeps logs", () => {
    const store = createRunStore({ plan, template, state: initialRunState(plan, "r1", {}), lastEventId: 0 });
    store.getState().apply({ id: 1, type: "run.started", at: 1 });
    store.getState().apply({ id: 2, type: "node.started", at: 2, nodeId: "A" });
    store.getState().apply({ id: 3, type: "node.log", at: 3, nodeId: "A", stream: "stdout", text: "hi\n" });
    store.getState().apply({ id: 4, type: "node.succeeded", at: 4, nodeId: "A", output: "hi" });
    store.getState().apply({ id: 4, type: "node.succeeded", at: 4, nodeId: "A", output: "again" }); // replay
    const s = store.getState();
    expect(s.lastEventId).toBe(4);
    expect(s.state.nodes.A).toMatchObject({ status: "done", output: "hi" });
    expect(s.logs.A).toBe("hi\n");
    expect(statusesByTemplateNode(s).A.status).toBe("done");

    // Same events through the reducer directly give the same state: one reducer for both.
    const spec = makeRunSpec(template, plan);
    let direct = initialRunState(plan, "r1", {});
    for (const e of [
      { type: "run.started", at: 1 },
      { type: "node.started", at: 2, nodeId: "A" },
      { type: "node.succeeded", at: 4, nodeId: "A", output: "hi" },
    ] as const) {
      direct = applyRunEvent(direct, e, spec).state;
    }
    expect(s.state.nodes).toEqual(direct.nodes);
  });
});
