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

const give = (by: string, decision = "approve", at = 3_000, approvalId = "r:H:1.1"): RunEvent => ({
  type: "decision.given",
  at,
  nodeId: "H",
  approvalId,
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
    const timeout: RunEvent = { type: "approval.timed-out", at: 9_000, nodeId: "H", approvalId: "r:H:1.1" };
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

  it("every request has its own id: a re-run asks under a new one, and the earlier id decides nothing", () => {
    const r = replay({});
    expect(r.state().nodes.H.approvalId).toBe("r:H:1.1");
    expect(r.apply(give("ann"))).toBe(true);
    r.apply({ type: "run.rerun", at: 4_000, nodeId: "H" });
    r.apply({ type: "node.started", at: 4_000, nodeId: "H" });
    r.apply({ type: "node.waiting", at: 4_000, nodeId: "H", request: { kind: "human", prompt: "ok?" } });
    // The attempt count starts over; the request count does not.
    expect(r.state().nodes.H).toMatchObject({ status: "waiting", attempts: 1, asks: 2, approvalId: "r:H:1.2" });
    expect(r.apply(give("bob"))).toBe(false);
    expect(r.state().nodes.H.status).toBe("waiting");
    expect(r.apply(give("bob", "approve", 5_000, "r:H:1.2"))).toBe(true);
    expect(r.state().nodes.H.status).toBe("done");
  });
});

/** `P` (a shell node) waits on its precondition number `check` (a request as the engine builds it), then `B`. */
function precondition(check: number, onReject?: "skip") {
  const t = buildTemplate().node("P").node("B").chain("P", "B").done();
  const plan = planRun(t);
  if (!plan.ok) throw new Error("plan");
  const spec = makeRunSpec(t, plan.plan);
  let state: RunState = initialRunState(plan.plan, "r", {});
  const commands: string[] = [];
  const apply = (e: RunEvent) => {
    const r = applyRunEvent(spec, state, e);
    state = r.state;
    commands.push(...r.commands.map((c) => `${c.type}:${"nodeId" in c ? c.nodeId : ""}`));
    return r.accepted;
  };
  const ask = (at: number, i: number) => {
    apply({ type: "node.started", at, nodeId: "P" });
    const request = { kind: "human" as const, prompt: "go?", stage: "precondition" as const, check: i };
    apply({ type: "node.waiting", at, nodeId: "P", request: onReject ? { ...request, onReject } : request });
  };
  apply({ type: "run.started", at: 1_000 });
  ask(1_000, check);
  const decide = (decision: string, approvalId = state.nodes.P.approvalId!) =>
    apply({ type: "decision.given", at: 2_000, nodeId: "P", approvalId, decision, by: "ann" });
  return { apply, ask, decide, commands, state: () => state };
}

describe("human preconditions in the reducer", () => {
  it("approval queues the same attempt again with the approved precondition recorded; a second one asks anew", () => {
    const r = precondition(0);
    expect(r.state().nodes.P).toMatchObject({ status: "waiting", attempts: 1, approvalId: "r:P:1.1" });
    expect(r.decide("approve")).toBe(true);
    expect(r.state().nodes.P).toMatchObject({ status: "ready", attempts: 0, preApproved: { attempt: 1, checks: [0] } });
    expect(r.state().nodes.P.approvalId).toBeUndefined();
    expect(r.commands.at(-1)).toBe("start:P");
    expect(r.state().status).toBe("running");
    // Launched again: the same attempt; its next precondition asks under a new id.
    r.ask(3_000, 1);
    expect(r.state().nodes.P).toMatchObject({ status: "waiting", attempts: 1, approvalId: "r:P:1.2" });
    expect(r.decide("approve")).toBe(true);
    expect(r.state().nodes.P.preApproved).toEqual({ attempt: 1, checks: [0, 1] });
    r.apply({ type: "node.started", at: 4_000, nodeId: "P" });
    r.apply({ type: "node.succeeded", at: 4_000, nodeId: "P", output: "ran" });
    expect([r.state().nodes.P.status, r.state().nodes.P.attempts, r.state().nodes.B.status]).toEqual([
      "done",
      1,
      "ready",
    ]);
  });

  it("a reject fails the node (RUN012) and what depends on it does not run; with on_failure skip it is skipped", () => {
    const failed = precondition(0);
    expect(failed.decide("reject")).toBe(true);
    expect(failed.state().nodes.P).toMatchObject({ status: "failed" });
    expect(failed.state().nodes.P.error).toContain("rejected");
    expect(failed.state().nodes.B.status).toBe("pending");
    expect(failed.state().status).toBe("failed");
    const skipped = precondition(0, "skip");
    expect(skipped.decide("reject")).toBe(true);
    expect(skipped.state().nodes.P).toMatchObject({ status: "skipped", skipReason: "precondition" });
    expect(skipped.state().nodes.B.status).toBe("ready");
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
