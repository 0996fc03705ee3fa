/**
 * Approval semantics in the pure reducer (what the browser replays): the policy copied into the
 * request, votes per person, the deadline derived from the waiting event, timeouts; plus the
 * validator's warnings for approval fields that cannot take effect.
 */
import { describe, expect, it } from "vitest";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { applyRunEvent } from "./apply-run-event";
import type { RunEvent } from "./run-events";
import { planRun } from "./run-plan";
import { makeRunSpec } from "./run-spec";
import { initialRunState, type RunState } from "./run-state";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";

function replay(fields: Record<string, unknown>) {
  //  H (human) → B
  const t = buildTemplate()
    .node("H", { type: "human", prompt: "ok?", ...fields })
    .node("B")
    .chain("H", "B")
    .done();
  const plan = planRun(t);
  if (!plan.ok) throw new Error("plan");
  const spec = makeRunSpec(t, plan.plan);
  let state: RunState = initialRunState(plan.plan, "r", {});
  const derived: RunEvent[] = [];
  const commands: string[] = [];
  const apply = (e: RunEvent) => {
    const r = applyRunEvent(spec, state, e);
    state = r.state;
    derived.push(...r.events);
    commands.push(...r.commands.map((c) => c.type));
    return r.accepted;
  };
  apply({ type: "run.started", at: 1_000 });
  apply({ type: "node.started", at: 1_000, nodeId: "H" });
  apply({ type: "node.waiting", at: 2_000, nodeId: "H", request: { kind: "human", prompt: "ok?" } });
  return { apply, derived, commands, state: () => state };
}

const give = (by: string, decision = "approve", at = 3_000): RunEvent => ({
  type: "decision.given",
  at,
  nodeId: "H",
  approvalId: "r:H:1",
  decision,
  by,
});

describe("approvals in the reducer", () => {
  it("copies the node's policy into the request; the deadline is the waiting event's time + the timeout", () => {
    const r = replay({
      approvals_required: 2,
      approval_timeout_s: 1.5,
      on_timeout: "continue",
      allow_self_approval: false,
    });
    expect(r.state().nodes.H.request).toMatchObject({
      required: 2,
      timeoutAt: 3_500,
      onTimeout: "continue",
      allowSelfApproval: false,
    });
    expect(r.commands).toContain("expire");
    expect(r.derived.find((e) => e.type === "approval.requested")).toMatchObject({ request: { timeoutAt: 3_500 } });
  });

  it("counts each person once; the last required approval completes the node", () => {
    const r = replay({ approvals_required: 3 });
    expect(r.apply(give("ann"))).toBe(true);
    expect(r.apply(give("ann"))).toBe(false);
    expect(r.apply(give("bob"))).toBe(true);
    expect(r.state().nodes.H).toMatchObject({ status: "waiting", votes: [{ by: "ann" }, { by: "bob" }] });
    expect(r.apply(give("cy"))).toBe(true);
    expect(r.state().nodes.H.status).toBe("done");
    expect(r.state().nodes.H.votes).toBeUndefined();
  });

  it("times out by on_timeout; a late decision or a second timeout is refused", () => {
    const timeout: RunEvent = { type: "approval.timed-out", at: 9_000, nodeId: "H", approvalId: "r:H:1" };
    const fail = replay({ approval_timeout_s: 5 });
    expect(fail.apply(timeout)).toBe(true);
    expect(fail.state().nodes.H).toMatchObject({ status: "failed" });
    expect(fail.state().nodes.H.error).toContain("within 5s");
    expect(fail.apply(timeout)).toBe(false);
    const go = replay({ approval_timeout_s: 5, on_timeout: "continue" });
    expect(go.apply(timeout)).toBe(true);
    expect(go.state().nodes.H).toMatchObject({ status: "done", output: "approved" });
    expect(go.apply(give("late"))).toBe(false);
  });
});

describe("approval fields in validation", () => {
  it("warns when a node that never asks a person sets them (WF093) and about on_timeout alone (WF094)", () => {
    const t = {
      template_id: "t",
      name: "t",
      nodes: [
        { id: "A", name: "A", type: "shell", args_template: "true", approvals_required: 2 },
        {
          id: "C",
          name: "C",
          type: "shell",
          args_template: "true",
          checks: [{ type: "human", prompt: "ok?" }],
          approvals_required: 2,
        },
        { id: "H", name: "H", type: "human", prompt: "ok?", on_timeout: "continue" },
      ],
      edges: [
        { from: "A", to: "C" },
        { from: "C", to: "H" },
      ],
    };
    const codes = validateTemplate(t).diagnostics.map((d) => [d.code, d.nodeId, d.field]);
    expect(codes).toContainEqual(["WF093", "A", "approvals_required"]);
    expect(codes).toContainEqual(["WF094", "H", "on_timeout"]);
    expect(codes.filter(([, id]) => id === "C")).toEqual([]);
  });
});
