import { describe, expect, it } from "vitest";
import { applyRunEvent } from "./apply-run-event";
import { planRun } from "./run-plan";
import { finishedDownstream } from "./reset-nodes";
import { makeRunSpec } from "./run-spec";
import { initialRunState } from "./run-state";
import { simulateRun, type SimOutcome } from "@/lib/workflow/test-support/simulate-run";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";

const statuses = (sim: ReturnType<typeof simulateRun>) =>
  Object.fromEntries(Object.entries(sim.state.nodes).map(([id, n]) => [id, n.status]));
const failOn =
  (ids: Record<string, number>) =>
  (id: string, attempt: number): SimOutcome | undefined =>
    attempt <= (ids[id] ?? 0) ? { error: `boom ${id}` } : undefined;

describe("applyRunEvent scenarios", () => {
  it("runs a linear chain in order", () => {
    // A → B → C
    const sim = simulateRun(buildTemplate().node("A").node("B").node("C").chain("A", "B", "C").done());
    expect(sim.started).toEqual(["A", "B", "C"]);
    expect(sim.state.status).toBe("succeeded");
    expect(sim.events.filter((e) => e.type === "run.finished")).toHaveLength(1);
  });

  it("fans out and joins only after every parent", () => {
    //     ┌→ B ─┐
    //  A ─┤     ├→ D
    //     └→ C ─┘
    const t = buildTemplate().node("A").node("B").node("C").node("D").chain("A", "B", "D").chain("A", "C", "D").done();
    const sim = simulateRun(t);
    expect(sim.started).toEqual(["A", "B", "C", "D"]);
    expect(sim.state.status).toBe("succeeded");
  });

  it("is pure: the input state is untouched", () => {
    // A → B
    const t = buildTemplate().node("A").node("B").chain("A", "B").done();
    const plan = planRun(t);
    if (!plan.ok) throw new Error("plan");
    const spec = makeRunSpec(t, plan.plan);
    const s0 = initialRunState(plan.plan, "r", {});
    const copy = structuredClone(s0);
    const r = applyRunEvent(spec, s0, { type: "run.started", at: 1 });
    expect(s0).toEqual(copy);
    expect(r.state.nodes.A.status).toBe("ready");
    expect(r.commands).toEqual([{ type: "start", nodeId: "A" }]);
  });

  it("stop: a failure under abort starts nothing new and fails the run", () => {
    // A → B ;  C (independent)
    const t = buildTemplate().node("A").node("B").node("C").chain("A", "B").done();
    const sim = simulateRun(t, { outcome: failOn({ A: 9 }) });
    expect(statuses(sim)).toMatchObject({ A: "failed", B: "pending", C: "pending" });
    expect(sim.state.status).toBe("failed");
    expect(sim.started).toEqual(["A"]);
  });

  it("skip: the failing node and its dependents are skipped, others run", () => {
    // A → B → C ;  A → D
    const t = buildTemplate()
      .node("A")
      .node("B", { on_fail: "skip" })
      .node("C")
      .node("D")
      .chain("A", "B", "C")
      .edge("A", "D")
      .done();
    const sim = simulateRun(t, { outcome: failOn({ B: 9 }) });
    expect(statuses(sim)).toEqual({ A: "done", B: "skipped", C: "skipped", D: "done" });
    expect(sim.state.nodes.C.skipCause).toBe("B");
    expect(sim.state.status).toBe("succeeded");
  });

  it("retry: succeeds on the second attempt", () => {
    // A
    const sim = simulateRun(buildTemplate().node("A", { on_fail: "retry" }).done(), { outcome: failOn({ A: 1 }) });
    expect(sim.state.nodes.A).toMatchObject({ status: "done", attempts: 2 });
  });

  it("retry: exhausted after count with backoff, then stops", () => {
    // A → B
    const t = buildTemplate()
      .node("A", { on_fail: "retry", retries: { max: 2, backoff_ms: 100 } })
      .node("B")
      .chain("A", "B")
      .done();
    const sim = simulateRun(t, { outcome: failOn({ A: 9 }) });
    expect(sim.state.nodes.A).toMatchObject({ status: "failed", attempts: 3 });
    expect(sim.events.filter((e) => e.type === "node.retry")).toHaveLength(2);
    expect(sim.state.status).toBe("failed");
  });

  it("fallback: the fallback runs once and its output stands in downstream", () => {
    // build --fallback--> restore ;  build → publish
    const t = buildTemplate()
      .node("build", { on_fail: "fallback:restore" })
      .node("restore")
      .node("publish", { args_template: "echo {build.output}" })
      .chain("build", "publish")
      .done();
    const sim = simulateRun(t, { outcome: failOn({ build: 9 }) });
    expect(statuses(sim)).toEqual({ build: "failed", restore: "done", publish: "done" });
    expect(sim.state.nodes.build.fallback).toEqual({ to: "restore", state: "done" });
    expect(sim.state.nodes.build.output).toBe("restore");
    expect(sim.state.status).toBe("succeeded");
  });

  it("fallback rule (b): a fallback with unsatisfied dependencies stops the run", () => {
    // A → X ;  B (fails, fallback X)
    const t = buildTemplate().node("A").node("X").node("B", { on_fail: "fallback:X" }).chain("A", "X").done();
    const sim = simulateRun(t, {
      outcome: (id) => (id === "A" ? { wait: { kind: "human" } } : id === "B" ? { error: "no" } : undefined),
    });
    expect(sim.state.error).toMatch(/fallback X/);
    expect(sim.state.status).toBe("failed");
  });

  it("fallback rule (d): a failing fallback applies its own on_fail", () => {
    // A (fallback F) → B ;  F (on_fail skip)
    const t = buildTemplate()
      .node("A", { on_fail: "fallback:F" })
      .node("F", { on_fail: "skip" })
      .node("B")
      .chain("A", "B")
      .done();
    const sim = simulateRun(t, { outcome: failOn({ A: 9, F: 9 }) });
    expect(statuses(sim)).toMatchObject({ A: "failed", F: "skipped", B: "pending" });
    expect(sim.state.status).toBe("failed");
  });

  it("gate: follows the matching label, skips the other branch, runs the join", () => {
    //        ┌─yes→ B ─┐
    //  A → G ┤         ├→ J
    //        └─no──→ C ┘
    const t = buildTemplate()
      .node("A")
      .node("G", { type: "gate", condition: "{A.output}" })
      .node("B")
      .node("C")
      .node("J")
      .chain("A", "G")
      .edge("G", "B", "yes")
      .edge("G", "C", "no")
      .chain("B", "J")
      .chain("C", "J")
      .done();
    const sim = simulateRun(t, {
      outcome: (id) => (id === "A" ? { output: "yes" } : id === "G" ? { output: "yes" } : undefined),
    });
    expect(statuses(sim)).toEqual({ A: "done", G: "done", B: "done", C: "skipped", J: "done" });
    const routed = sim.events.find((e) => e.type === "gate.routed");
    expect(routed).toMatchObject({ decision: { value: "yes", label: "yes", taken: ["B"], skipped: ["C"] } });
  });

  it("gate: else catches the rest", () => {
    //  G ─x→ B ;  G ─else→ C
    const t = buildTemplate()
      .node("G", { type: "gate" })
      .node("B")
      .node("C")
      .edge("G", "B", "x")
      .edge("G", "C", "else")
      .done();
    const sim = simulateRun(t, { outcome: (id) => (id === "G" ? { output: "zzz" } : undefined) });
    expect(statuses(sim)).toEqual({ G: "done", B: "skipped", C: "done" });
  });

  it("gate: no match waits for a person, then the decision routes", () => {
    //  G ─a→ B ;  G ─b→ C
    const t = buildTemplate()
      .node("G", { type: "gate" })
      .node("B")
      .node("C")
      .edge("G", "B", "a")
      .edge("G", "C", "b")
      .done();
    const sim = simulateRun(t, { outcome: (id) => (id === "G" ? { output: "?" } : undefined) });
    expect(sim.state.status).toBe("waiting");
    expect(sim.state.nodes.G.request).toMatchObject({ kind: "gate", options: ["a", "b"] });
    const approvalId = sim.state.nodes.G.approvalId!;
    expect(sim.send({ type: "decision.given", at: 99, nodeId: "G", approvalId, decision: "nope" })).toBe(false);
    expect(sim.send({ type: "decision.given", at: 99, nodeId: "G", approvalId, decision: "b" })).toBe(true);
    expect(statuses(sim)).toEqual({ G: "done", B: "skipped", C: "done" });
    expect(sim.state.status).toBe("succeeded");
  });

  it("loop: expands into iterations and until ends it early", () => {
    //  A → L(max 5, until output == "3") → B
    const t = buildTemplate()
      .node("A")
      .node("L", { type: "loop", max_iter: 5, until: 'output == "3"' })
      .node("B")
      .chain("A", "L", "B")
      .done();
    const sim = simulateRun(t, {
      outcome: (id) => (id.startsWith("L.iter_") ? { output: id.slice("L.iter_".length) } : undefined),
    });
    expect(sim.started).toEqual(["A", "L.iter_1", "L.iter_2", "L.iter_3", "B"]);
    expect(statuses(sim)).toMatchObject({ "L.iter_4": "skipped", "L.iter_5": "skipped", B: "done" });
    expect(sim.state.status).toBe("succeeded");
  });

  it("human: approve completes, reject fails under the node's policy", () => {
    //  H → B
    const t = buildTemplate().node("H", { type: "human" }).node("B").chain("H", "B").done();
    const wait = (id: string): SimOutcome | undefined =>
      id === "H" ? { wait: { kind: "human", prompt: "ok?" } } : undefined;
    const ok = simulateRun(t, { outcome: wait, decisions: { H: { decision: "approve", answer: "fine" } } });
    expect(ok.state.nodes.H).toMatchObject({ status: "done", output: "fine" });
    expect(ok.state.status).toBe("succeeded");
    const no = simulateRun(t, { outcome: wait, decisions: { H: { decision: "reject" } } });
    expect(no.state.nodes.H.status).toBe("failed");
    expect(no.state.status).toBe("failed");
  });

  it("checkpoint pause: the run waits, then continues on approval", () => {
    //  A → CP → B
    const t = buildTemplate()
      .node("A")
      .node("CP", { type: "checkpoint", auto_continue: false })
      .node("B")
      .chain("A", "CP", "B")
      .done();
    const sim = simulateRun(t, { outcome: (id) => (id === "CP" ? { wait: { kind: "checkpoint" } } : undefined) });
    expect(sim.state.status).toBe("waiting");
    expect(sim.state.nodes.B.status).toBe("pending");
    sim.send({
      type: "decision.given",
      at: 50,
      nodeId: "CP",
      approvalId: sim.state.nodes.CP.approvalId!,
      decision: "approve",
    });
    expect(sim.state.status).toBe("succeeded");
  });

  it("re-run from a node: finished downstream needs confirmation, then resets", () => {
    //  A → B → C
    const t = buildTemplate().node("A").node("B").node("C").chain("A", "B", "C").done();
    const sim = simulateRun(t);
    expect(finishedDownstream(sim.spec.plan, sim.state, "B")).toEqual(["C"]);
    expect(finishedDownstream(sim.spec.plan, sim.state, "C")).toEqual([]);
    sim.send({ type: "run.rerun", at: 100, nodeId: "B" });
    expect(sim.started).toEqual(["A", "B", "C", "B", "C"]);
    expect(sim.state.status).toBe("succeeded");
  });

  it("retry-failed: only the failed node and what it held back run again", () => {
    //  A → B → C
    const t = buildTemplate().node("A").node("B").node("C").chain("A", "B", "C").done();
    let broken = true;
    const sim = simulateRun(t, { outcome: (id) => (id === "B" && broken ? { error: "x" } : undefined) });
    expect(sim.state.status).toBe("failed");
    broken = false;
    sim.send({ type: "run.retry-failed", at: 100 });
    expect(sim.started).toEqual(["A", "B", "B", "C"]);
    expect(sim.state.status).toBe("succeeded");
  });

  it("cancel: every open node is cancelled, late completions are refused", () => {
    //  H → B
    const t = buildTemplate().node("H", { type: "human" }).node("B").chain("H", "B").done();
    const sim = simulateRun(t, { outcome: () => ({ wait: { kind: "human" } }) });
    sim.send({ type: "run.cancelled", at: 10 });
    expect(statuses(sim)).toEqual({ H: "cancelled", B: "cancelled" });
    expect(sim.state.status).toBe("cancelled");
    expect(sim.send({ type: "node.succeeded", at: 11, nodeId: "H", output: "" })).toBe(false);
  });

  it("interrupted nodes are retried by policy or failed", () => {
    //  A
    const t = buildTemplate().node("A", { retries: 1 }).done();
    const sim = simulateRun(t, { outcome: () => ({ wait: { kind: "human" } }) });
    // Put A back to running to model a crash mid-attempt.
    const plan = sim.spec;
    const s = initialRunState(plan.plan, "r", {});
    let r = applyRunEvent(plan, s, { type: "run.started", at: 1 });
    r = applyRunEvent(plan, r.state, { type: "node.started", at: 2, nodeId: "A" });
    r = applyRunEvent(plan, r.state, { type: "node.interrupted", at: 3, nodeId: "A" });
    expect(r.state.nodes.A.status).toBe("ready");
    r = applyRunEvent(plan, r.state, { type: "node.started", at: 4, nodeId: "A" });
    r = applyRunEvent(plan, r.state, { type: "node.interrupted", at: 5, nodeId: "A" });
    expect(r.state.nodes.A.status).toBe("failed");
    expect(r.state.status).toBe("failed");
  });

  it("fallback-only targets are skipped when unused", () => {
    //  A (fallback F) ;  F
    const sim = simulateRun(buildTemplate().node("A", { on_fail: "fallback:F" }).node("F").done());
    expect(statuses(sim)).toEqual({ A: "done", F: "skipped" });
    expect(sim.state.status).toBe("succeeded");
  });
});

describe("validateRunState", () => {
  it("flags out-of-order completion and unknown nodes", async () => {
    const { validateRunState } = await import("./validate-run-state");
    //  A → B
    const sim = simulateRun(buildTemplate().node("A").node("B").chain("A", "B").done());
    expect(validateRunState(sim.spec.plan, sim.state)).toEqual([]);
    const broken = structuredClone(sim.state);
    broken.nodes.A = { status: "pending", attempts: 0 };
    expect(validateRunState(sim.spec.plan, broken).map((d) => d.code)).toEqual(["RUN018"]);
    broken.nodes.Z = { status: "done", attempts: 1 };
    expect(validateRunState(sim.spec.plan, broken).map((d) => d.nodeId)).toEqual(["Z"]);
  });
});
