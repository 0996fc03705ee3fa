import { describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { advanceRunState } from "./advance-run-state";
import { planRun } from "./run-plan";
import { makeRunSpec } from "./run-spec";
import { initialRunState } from "./run-state";
import { waitingChildOf } from "./child-run-progress";

function started() {
  const t = buildTemplate().node("W", { type: "workflow", template: "child" }).node("H", { type: "human" }).done();
  const planned = planRun(t);
  if (!planned.ok) throw new Error("plan");
  const spec = makeRunSpec(t, planned.plan);
  const state = initialRunState(planned.plan, "run_p", {});
  const apply = (e: Parameters<typeof advanceRunState>[2]) =>
    expect(advanceRunState(spec, state, e).accepted).toBe(true);
  apply({ type: "run.started", at: 1 });
  apply({ type: "node.started", at: 2, nodeId: "W" });
  return { state, apply };
}

describe("a workflow node's child as the parent's reducer sees it", () => {
  it("node.child moves the node to waiting and back; the run waits on the child only while nothing else asks", () => {
    const { state, apply } = started();
    apply({ type: "node.child", at: 3, nodeId: "W", childRunId: "run_c", status: "waiting", done: 1, total: 4 });
    expect(state.nodes.W).toMatchObject({ status: "waiting", child: { runId: "run_c", done: 1, total: 4 } });
    // H has not started: the run is still running (H is ready), so nothing waits yet but W.
    expect(waitingChildOf(state)).toBe("run_c");
    apply({ type: "node.started", at: 4, nodeId: "H" });
    apply({ type: "node.waiting", at: 5, nodeId: "H", request: { kind: "human" } });
    expect(state.status).toBe("waiting");
    // A person is asked in this run too: the toast is about this run, not the child.
    expect(waitingChildOf(state)).toBeUndefined();
  });

  it("refuses progress from another child and ends from waiting when the child succeeds", () => {
    const { state, apply } = started();
    apply({ type: "node.child", at: 3, nodeId: "W", childRunId: "run_c", status: "waiting", done: 0, total: 1 });
    const t = buildTemplate().node("W", { type: "workflow", template: "child" }).node("H", { type: "human" }).done();
    const planned = planRun(t);
    if (!planned.ok) throw new Error("plan");
    const other = advanceRunState(makeRunSpec(t, planned.plan), state, {
      type: "node.child",
      at: 4,
      nodeId: "W",
      childRunId: "run_other",
      status: "running",
      done: 0,
      total: 1,
    });
    expect(other.accepted).toBe(false);
    apply({ type: "node.succeeded", at: 5, nodeId: "W", output: "{}" });
    expect(state.nodes.W.status).toBe("done");
  });
});
