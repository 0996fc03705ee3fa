/**
 * Second-look scenarios for the reducer: gates (joins, nesting, else, person), skip propagation,
 * retries, fallback rules (a)–(d), abort, loops, checkpoints and human steps, re-run.
 */
import { describe, expect, it } from "vitest";
import { applyRunEvent } from "./apply-run-event";
import type { RunEvent } from "./run-events";
import { planRun } from "./run-plan";
import { makeRunSpec } from "./run-spec";
import { initialRunState } from "./run-state";
import { simulateRun, type SimOutcome } from "@/lib/workflow/test-support/simulate-run";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";

type Sim = ReturnType<typeof simulateRun>;
const statuses = (sim: Sim) => Object.fromEntries(Object.entries(sim.state.nodes).map(([id, n]) => [id, n.status]));
const outcomes =
  (table: Record<string, SimOutcome | ((attempt: number) => SimOutcome | undefined)>) =>
  (id: string, attempt: number): SimOutcome | undefined => {
    const o = table[id];
    return typeof o === "function" ? o(attempt) : o;
  };
const gate = (value: string): SimOutcome => ({ output: value });

describe("gates", () => {
  it("a join behind a gate runs when the taken branch reaches it", () => {
    //       yes→ A ─┐
    //  G ──┤        ├→ J
    //       no → B ─┘
    const t = buildTemplate()
      .node("G", { type: "gate" })
      .node("A")
      .node("B")
      .node("J")
      .edge("G", "A", "yes")
      .edge("G", "B", "no")
      .chain("A", "J")
      .chain("B", "J")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ G: gate("yes") }) });
    expect(statuses(sim)).toEqual({ G: "done", A: "done", B: "skipped", J: "done" });
    expect(sim.state.nodes.B.skipReason).toBe("branch");
    expect(sim.state.status).toBe("succeeded");
  });

  it("a node reached only by skipped branches is skipped, the gate's other successor outside the branch runs", () => {
    //       yes→ A
    //  G ──┤
    //       no → B → C → J
    //  X ──────────────→ J
    const t = buildTemplate()
      .node("X")
      .node("G", { type: "gate" })
      .node("A")
      .node("B")
      .node("C")
      .node("J")
      .edge("G", "A", "yes")
      .edge("G", "B", "no")
      .chain("B", "C", "J")
      .chain("X", "J")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ G: gate("yes") }) });
    expect(statuses(sim)).toEqual({ X: "done", G: "done", A: "done", B: "skipped", C: "skipped", J: "skipped" });
    expect(sim.state.status).toBe("succeeded");
    expect(sim.started).not.toContain("J");
  });

  it("nested gates: the inner gate's skipped branch and the outer skipped branch both stay skipped", () => {
    //        a → G2 ─ x → P ─┐
    //  G1 ─┤       └ y → Q ──┼→ J
    //        b → R ──────────┘
    const t = buildTemplate()
      .node("G1", { type: "gate" })
      .node("G2", { type: "gate" })
      .node("P")
      .node("Q")
      .node("R")
      .node("J")
      .edge("G1", "G2", "a")
      .edge("G1", "R", "b")
      .edge("G2", "P", "x")
      .edge("G2", "Q", "y")
      .chain("P", "J")
      .chain("Q", "J")
      .chain("R", "J")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ G1: gate("a"), G2: gate("y") }) });
    expect(statuses(sim)).toEqual({ G1: "done", G2: "done", P: "skipped", Q: "done", R: "skipped", J: "done" });
    const notTaken = simulateRun(t, { outcome: outcomes({ G1: gate("b") }) });
    expect(statuses(notTaken)).toEqual({
      G1: "done",
      G2: "skipped",
      P: "skipped",
      Q: "skipped",
      R: "done",
      J: "done",
    });
    expect(notTaken.started).not.toContain("G2");
  });

  it("else catches an unmatched value; an exact match wins over else", () => {
    //  G ─ ok → A ;  G ─ else → B
    const t = buildTemplate()
      .node("G", { type: "gate" })
      .node("A")
      .node("B")
      .edge("G", "A", "ok")
      .edge("G", "B", "else")
      .done();
    expect(statuses(simulateRun(t, { outcome: outcomes({ G: gate("weird") }) }))).toMatchObject({
      A: "skipped",
      B: "done",
    });
    expect(statuses(simulateRun(t, { outcome: outcomes({ G: gate("ok") }) }))).toMatchObject({
      A: "done",
      B: "skipped",
    });
  });

  it("no match → waiting → a person chooses a label → that branch runs; an unknown label is refused", () => {
    //  G ─ a → A ;  G ─ b → B
    const t = buildTemplate()
      .node("G", { type: "gate" })
      .node("A")
      .node("B")
      .edge("G", "A", "a")
      .edge("G", "B", "b")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ G: gate("zzz") }) });
    expect(sim.state.status).toBe("waiting");
    expect(sim.state.nodes.G.request?.options).toEqual(["a", "b"]);
    const approvalId = sim.state.nodes.G.approvalId!;
    expect(sim.send({ type: "decision.given", at: 100, nodeId: "G", approvalId, decision: "c" })).toBe(false);
    expect(sim.send({ type: "decision.given", at: 101, nodeId: "G", approvalId, decision: "b" })).toBe(true);
    expect(statuses(sim)).toEqual({ G: "done", A: "skipped", B: "done" });
    expect(sim.state.nodes.G.gate).toMatchObject({ value: "b", label: "b", source: "person" });
    expect(sim.state.status).toBe("succeeded");
  });

  it("a branch skip does not propagate as a failure skip: a branch node's later successors in the taken path run", () => {
    //        yes → A ──────┐
    //  G ──┤               ├→ J → K
    //        no  → B → C ──┘
    const t = buildTemplate()
      .node("G", { type: "gate" })
      .node("A")
      .node("B")
      .node("C")
      .node("J")
      .node("K")
      .edge("G", "A", "yes")
      .edge("G", "B", "no")
      .chain("A", "J", "K")
      .chain("B", "C", "J")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ G: gate("yes") }) });
    expect(statuses(sim)).toEqual({ G: "done", A: "done", B: "skipped", C: "skipped", J: "done", K: "done" });
    expect(sim.state.nodes.C.skipReason).toBe("branch");
  });
});

describe("skip propagation", () => {
  it("a failure skip propagates through several levels and names the dependency; a join with a skipped parent is skipped", () => {
    //  A(skip) → B → C → D ;  E → D
    const t = buildTemplate()
      .node("A", { on_fail: "skip" })
      .node("B")
      .node("C")
      .node("E")
      .node("D")
      .chain("A", "B", "C", "D")
      .chain("E", "D")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ A: { error: "x" } }) });
    expect(statuses(sim)).toEqual({ A: "skipped", B: "skipped", C: "skipped", E: "done", D: "skipped" });
    expect([sim.state.nodes.B.skipCause, sim.state.nodes.C.skipCause, sim.state.nodes.D.skipCause]).toEqual([
      "A",
      "B",
      "C",
    ]);
    expect(sim.state.status).toBe("succeeded");
  });
});

describe("retries", () => {
  it("retries: N means N extra attempts; {max, backoff_ms} waits before each retry", () => {
    //  A
    const t = buildTemplate()
      .node("A", { retries: { max: 2, backoff_ms: 50 } })
      .done();
    const sim = simulateRun(t, { outcome: () => ({ error: "no" }) });
    expect(sim.state.nodes.A.attempts).toBe(3);
    expect(sim.state.status).toBe("failed");
    const starts = sim.events.filter((e) => e.type === "node.started").map((e) => e.at);
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(50);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(50);
  });

  it("on_fail: retry without retries retries once, then stops", () => {
    //  A → B
    const t = buildTemplate().node("A", { on_fail: "retry" }).node("B").chain("A", "B").done();
    const sim = simulateRun(t, { outcome: outcomes({ A: { error: "no" } }) });
    expect(sim.state.nodes.A.attempts).toBe(2);
    expect(statuses(sim)).toEqual({ A: "failed", B: "pending" });
    expect(sim.state.status).toBe("failed");
  });
});

describe("fallback", () => {
  it("fallback output stands in for {X.output} downstream; a fallback runs at most once in that role", () => {
    //  X(fallback:F) → Y ;  F (fallback only)
    const t = buildTemplate().node("X", { on_fail: "fallback:F" }).node("F").node("Y").chain("X", "Y").done();
    const sim = simulateRun(t, { outcome: outcomes({ X: { error: "x" }, F: { output: "from-F" } }) });
    expect(statuses(sim)).toEqual({ X: "failed", F: "done", Y: "done" });
    expect(sim.state.nodes.X.output).toBe("from-F");
    expect(sim.started.filter((id) => id === "F")).toHaveLength(1);
    expect(sim.state.status).toBe("succeeded");
  });

  it("a fallback chain recovers: A fails → B fails → C succeeds; C's output stands in for A and B", () => {
    //  A(fallback:B) → D ;  B(fallback:C) (fallback only) ;  C (fallback only)
    const t = buildTemplate()
      .node("A", { on_fail: "fallback:B" })
      .node("B", { on_fail: "fallback:C" })
      .node("C")
      .node("D")
      .chain("A", "D")
      .done();
    const sim = simulateRun(t, {
      outcome: outcomes({ A: { error: "a" }, B: { error: "b" }, C: { output: "from-C" } }),
    });
    expect(statuses(sim)).toEqual({ A: "failed", B: "failed", C: "done", D: "done" });
    expect([sim.state.nodes.A.fallback, sim.state.nodes.B.fallback]).toEqual([
      { to: "C", state: "done" },
      { to: "C", state: "done" },
    ]);
    expect([sim.state.nodes.A.output, sim.state.nodes.B.output]).toEqual(["from-C", "from-C"]);
    expect(sim.state.status).toBe("succeeded");
    // And when the last one fails too, every node of the chain records it and the run fails.
    const all = simulateRun(t, { outcome: outcomes({ A: { error: "a" }, B: { error: "b" }, C: { error: "c" } }) });
    expect([all.state.nodes.A.fallback?.state, all.state.nodes.B.fallback?.state]).toEqual(["failed", "failed"]);
    expect(all.state.status).toBe("failed");
    expect(statuses(all).D).toBe("pending");
  });

  it("two nodes sharing one fallback while it runs: it runs once and rescues both", () => {
    //  X(fallback:F) → Y ;  Z(fallback:F) → W ;  F (fallback only)
    const t = buildTemplate()
      .node("X", { on_fail: "fallback:F" })
      .node("Z", { on_fail: "fallback:F" })
      .node("F")
      .node("Y")
      .node("W")
      .chain("X", "Y")
      .chain("Z", "W")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ X: { error: "x" }, Z: { error: "z" } }) });
    expect(sim.started.filter((id) => id === "F")).toHaveLength(1);
    expect(statuses(sim)).toEqual({ X: "failed", Z: "failed", F: "done", Y: "done", W: "done" });
    expect([sim.state.nodes.X.fallback?.state, sim.state.nodes.Z.fallback?.state]).toEqual(["done", "done"]);
    expect(sim.state.status).toBe("succeeded");
  });

  it("a fallback that already ran for one node stands in for a later one without running again", () => {
    //  X(fallback:F) → Y → Z(fallback:F) → W ;  F (fallback only)
    const t = buildTemplate()
      .node("X", { on_fail: "fallback:F" })
      .node("Y")
      .node("Z", { on_fail: "fallback:F" })
      .node("W", { args_template: "echo {Z.output}" })
      .node("F")
      .chain("X", "Y", "Z", "W")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ X: { error: "x" }, Z: { error: "z" }, F: { output: "f" } }) });
    expect(sim.started.filter((id) => id === "F")).toHaveLength(1);
    expect(sim.state.nodes.Z.output).toBe("f");
    expect(sim.state.status).toBe("succeeded");
  });

  it("two nodes sharing a fallback that fails: both origins record the failed fallback", () => {
    //  X(fallback:F) ;  Z(fallback:F) ;  F (fallback only, fails)
    const t = buildTemplate()
      .node("X", { on_fail: "fallback:F" })
      .node("Z", { on_fail: "fallback:F" })
      .node("F")
      .done();
    const sim = simulateRun(t, { outcome: () => ({ error: "no" }) });
    expect([sim.state.nodes.X.fallback?.state, sim.state.nodes.Z.fallback?.state]).toEqual(["failed", "failed"]);
    expect(sim.state.status).toBe("failed");
  });

  it("rule (b): a fallback whose own dependencies are unsatisfied stops with RUN010", () => {
    //  P → F ;  X(fallback:F)   (P is still running when X fails)
    const t = buildTemplate()
      .node("X", { on_fail: "fallback:F" })
      .node("P", { type: "human" })
      .node("F")
      .chain("P", "F")
      .done();
    const sim = simulateRun(t, {
      outcome: outcomes({ X: { error: "x" }, P: { wait: { kind: "human", prompt: "?" } } }),
    });
    expect(sim.state.status).toBe("failed");
    expect(sim.state.error).toMatch(/fallback F for node X cannot run/);
    expect(sim.started).not.toContain("F");
  });

  it("rule (d): a failing fallback applies its own on_fail (skip) and the origin is not rescued", () => {
    //  X(fallback:F) → Y ;  F(skip)
    const t = buildTemplate()
      .node("X", { on_fail: "fallback:F" })
      .node("F", { on_fail: "skip" })
      .node("Y")
      .chain("X", "Y")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ X: { error: "x" }, F: { error: "f" } }) });
    expect(sim.state.nodes.F.status).toBe("skipped");
    expect(sim.state.nodes.X.fallback?.state).toBe("failed");
    expect(sim.started).not.toContain("Y");
    expect(sim.state.status).toBe("failed");
  });
  it("a loop as fallback stands in only when the loop has finished, with its last iteration's output", () => {
    //  X(fallback:L) → Y ;  L (loop ×3, fallback only)
    const t = buildTemplate()
      .node("X", { on_fail: "fallback:L" })
      .node("L", { type: "loop", max_iter: 3 })
      .node("Y")
      .chain("X", "Y")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ X: { error: "x" } }) });
    expect(sim.started).toEqual(["X", "L.iter_1", "L.iter_2", "L.iter_3", "Y"]);
    expect(sim.state.nodes.X).toMatchObject({ output: "L.iter_3", fallback: { to: "L.iter_1", state: "done" } });
    expect(sim.state.status).toBe("succeeded");
  });

  it("a loop as fallback that fails in a later iteration marks the origin's fallback failed", () => {
    //  X(fallback:L) → Y ;  L (loop ×3, fallback only; iteration 2 fails)
    const t = buildTemplate()
      .node("X", { on_fail: "fallback:L" })
      .node("L", { type: "loop", max_iter: 3 })
      .node("Y")
      .chain("X", "Y")
      .done();
    const sim = simulateRun(t, { outcome: outcomes({ X: { error: "x" }, "L.iter_2": { error: "l" } }) });
    expect(sim.state.nodes.X.fallback?.state).toBe("failed");
    expect(sim.state.status).toBe("failed");
    expect(sim.state.error).toMatch(/L.iter_2: l/);
  });
});

describe("abort", () => {
  it("running nodes finish, nothing new starts, the run fails", () => {
    //  A → D ;  B → C   (A fails while B runs)
    const t = buildTemplate().node("A").node("B").node("C").node("D").chain("B", "C").chain("A", "D").done();
    const plan = planRun(t);
    if (!plan.ok) throw new Error("plan");
    const spec = makeRunSpec(t, plan.plan);
    let state = initialRunState(plan.plan, "r", {});
    const feed = (e: RunEvent) => {
      const r = applyRunEvent(spec, state, e);
      state = r.state;
      return r;
    };
    feed({ type: "run.started", at: 1 });
    feed({ type: "node.started", at: 2, nodeId: "A" });
    feed({ type: "node.started", at: 2, nodeId: "B" });
    const failed = feed({ type: "node.failed", at: 3, nodeId: "A", error: "boom" });
    expect(failed.commands.filter((c) => c.type === "kill")).toEqual([]);
    expect(state.status).toBe("running");
    const done = feed({ type: "node.succeeded", at: 4, nodeId: "B", output: "b" });
    expect(done.commands.filter((c) => c.type === "start")).toEqual([]);
    expect(state.status).toBe("failed");
    expect(state.nodes.C.status).toBe("pending");
    expect(state.error).toMatch(/A: boom/);
  });
  it("a stop does not wait for another node's retry timer: the retry is dropped and the run fails now", () => {
    //  A (retries with backoff) ;  B (fails, abort)
    const t = buildTemplate()
      .node("A", { retries: { max: 3, backoff_ms: 60_000 } })
      .node("B")
      .done();
    const plan = planRun(t);
    if (!plan.ok) throw new Error("plan");
    const spec = makeRunSpec(t, plan.plan);
    let state = initialRunState(plan.plan, "r", {});
    for (const e of [
      { type: "run.started", at: 1 },
      { type: "node.started", at: 2, nodeId: "A" },
      { type: "node.started", at: 2, nodeId: "B" },
      { type: "node.failed", at: 3, nodeId: "A", error: "flaky" },
      { type: "node.failed", at: 4, nodeId: "B", error: "boom" },
    ] as RunEvent[])
      state = applyRunEvent(spec, state, e).state;
    expect(state.status).toBe("failed");
    expect(state.retrying).toBe(0);
    expect(state.nodes.A).toMatchObject({ status: "pending", error: "flaky" });
    expect(applyRunEvent(spec, state, { type: "node.retry", at: 60_003, nodeId: "A" }).accepted).toBe(false);
  });
});

describe("loops", () => {
  it("max_iter bounds it, until ends early with the rest skipped, downstream waits for the loop", () => {
    //  L(loop ×5, until output == "3") → Z
    const t = buildTemplate()
      .node("L", { type: "loop", max_iter: 5, until: 'output == "3"' })
      .node("Z", { args_template: "echo {L.output}" })
      .chain("L", "Z")
      .done();
    const sim = simulateRun(t, {
      outcome: (id) => (id.startsWith("L.iter_") ? { output: id.slice("L.iter_".length) } : undefined),
    });
    expect(sim.started).toEqual(["L.iter_1", "L.iter_2", "L.iter_3", "Z"]);
    expect(sim.state.nodes["L.iter_4"].skipReason).toBe("loop-until");
    expect(sim.state.nodes["L.iter_5"].status).toBe("skipped");
    expect(sim.state.status).toBe("succeeded");
    const full = simulateRun(buildTemplate().node("L", { type: "loop", max_iter: 3 }).done());
    expect(full.started).toEqual(["L.iter_1", "L.iter_2", "L.iter_3"]);
  });

  it("until as a template: the substituted text equal to true ends the loop", () => {
    //  L(loop ×4, until "{L.output}")   iteration 2 prints true
    const t = buildTemplate().node("L", { type: "loop", max_iter: 4, until: "{L.output}" }).done();
    const sim = simulateRun(t, { outcome: (id) => ({ output: id === "L.iter_2" ? "true" : "false" }) });
    expect(sim.started).toEqual(["L.iter_1", "L.iter_2"]);
    expect(sim.state.nodes["L.iter_3"].skipReason).toBe("loop-until");
  });
});

describe("checkpoints and human steps", () => {
  it("human reject fails the node and its on_fail applies (skip → dependents skipped)", () => {
    //  H(skip) → A ;  B
    const t = buildTemplate().node("H", { type: "human", on_fail: "skip" }).node("A").node("B").chain("H", "A").done();
    const sim = simulateRun(t, {
      outcome: outcomes({ H: { wait: { kind: "human", prompt: "ok?" } } }),
      decisions: { H: { decision: "reject" } },
    });
    expect(statuses(sim)).toEqual({ H: "skipped", A: "skipped", B: "done" });
    expect(sim.state.nodes.H.error).toMatch(/rejected/);
  });

  it("human reject with on_fail: retry asks again", () => {
    //  H(retry)
    const t = buildTemplate().node("H", { type: "human", on_fail: "retry" }).done();
    const sim = simulateRun(t, {
      outcome: outcomes({ H: { wait: { kind: "human" } } }),
      decisions: { H: { decision: "reject" } },
    });
    expect(sim.state.nodes.H.attempts).toBe(2);
    expect(sim.state.status).toBe("failed");
  });

  it("a human task with options takes one of them; another answer is refused and it keeps waiting", () => {
    //  H(options left|right) → A
    const t = buildTemplate()
      .node("H", { type: "human", options: ["left", "right"] })
      .node("A")
      .chain("H", "A")
      .done();
    const sim = simulateRun(t, {
      outcome: outcomes({ H: { wait: { kind: "human", options: ["left", "right"] } } }),
    });
    const approvalId = sim.state.nodes.H.approvalId!;
    const at = 10;
    expect(sim.send({ type: "decision.given", at, nodeId: "H", approvalId, decision: "approve", answer: "up" })).toBe(
      false,
    );
    expect(sim.state.nodes.H.status).toBe("waiting");
    expect(sim.send({ type: "decision.given", at, nodeId: "H", approvalId, decision: "right" })).toBe(true);
    expect(sim.state.nodes.H).toMatchObject({ status: "done", output: "right" });
    expect(statuses(sim)).toEqual({ H: "done", A: "done" });
  });
});

describe("re-run", () => {
  it("re-run from a node resets it and its downstream only; upstream outputs stay", () => {
    //  A → B → C
    const t = buildTemplate().node("A").node("B").node("C").chain("A", "B", "C").done();
    const sim = simulateRun(t);
    sim.send({ type: "run.rerun", at: 100, nodeId: "B" });
    expect(sim.started).toEqual(["A", "B", "C", "B", "C"]);
    expect(sim.state.nodes.A.attempts).toBe(1);
    expect(sim.state.status).toBe("succeeded");
  });

  it("re-run of a gate re-routes: a branch skipped before can run now", () => {
    //  G ─ a → A ;  G ─ b → B
    const t = buildTemplate()
      .node("G", { type: "gate" })
      .node("A")
      .node("B")
      .edge("G", "A", "a")
      .edge("G", "B", "b")
      .done();
    let value = "a";
    const sim = simulateRun(t, { outcome: (id) => (id === "G" ? { output: value } : undefined) });
    expect(statuses(sim)).toEqual({ G: "done", A: "done", B: "skipped" });
    value = "b";
    sim.send({ type: "run.rerun", at: 100, nodeId: "G" });
    expect(statuses(sim)).toEqual({ G: "done", A: "skipped", B: "done" });
  });

  it("retry-failed reruns only the failed node and what it held back", () => {
    //  A → B ;  C
    const t = buildTemplate().node("A").node("B").node("C").chain("A", "B").done();
    let fail = true;
    const sim = simulateRun(t, { outcome: (id) => (id === "A" && fail ? { error: "x" } : undefined) });
    expect(sim.state.status).toBe("failed");
    fail = false;
    sim.send({ type: "run.retry-failed", at: 100 });
    expect(sim.state.status).toBe("succeeded");
    expect(sim.started.filter((id) => id === "C").length).toBe(1);
  });
});
