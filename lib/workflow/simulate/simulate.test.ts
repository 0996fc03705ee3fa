/** The simulation against the real reducer: every node type, every failure policy, people, gates' why, batches, input checks. */
import { describe, expect, it } from "vitest";
import type { Template } from "@/lib/workflow/model/template-schema";
import { planRun } from "@/lib/workflow/run/run-plan";
import { makeRunSpec } from "@/lib/workflow/run/run-spec";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { simulate } from "./simulate";
import type { SimulationOptions } from "./simulation-input";
import type { NodeDurationStats } from "./estimate-duration";

function sim(t: Template, o: SimulationOptions & { vars?: Record<string, string>; history?: NodeDurationStats } = {}) {
  const planned = planRun(t);
  if (!planned.ok) throw new Error("plan");
  const out = simulate(makeRunSpec(t, planned.plan), o.vars ?? {}, o);
  if (!out.ok) throw new Error(out.diagnostics.map((d) => d.message).join("; "));
  return out.result;
}
const statuses = (r: ReturnType<typeof sim>) => Object.fromEntries(r.nodes.map((n) => [n.id, n.status]));

describe("node types", () => {
  it("shell, agent, skill and http nodes succeed with an empty output or their mock's", () => {
    const t = buildTemplate()
      .node("S")
      .node("A", { type: "agent", args_template: "say hi" })
      .node("K", { type: "skill", executor: "lint" })
      .node("H", { type: "http", url: "http://127.0.0.1:1/never" })
      .chain("S", "A", "K", "H")
      .done();
    const r = sim(t, { mocks: { A: { output: "hello" } } });
    expect(r.status).toBe("succeeded");
    expect(r.nodes.map((n) => [n.id, n.status, n.output])).toEqual([
      ["S", "done", ""],
      ["A", "done", "hello"],
      ["K", "done", ""],
      ["H", "done", ""],
    ]);
    expect(r.order).toEqual(["S", "A", "K", "H"]);
  });

  it("a workflow node starts no child: its mocked outputs (a JSON object) read as fields downstream", () => {
    const t = buildTemplate()
      .node("W", { type: "workflow", template: "release", inputs: {} })
      .node("G", { type: "gate", condition: "{W.notes}" })
      .chain("W", "G")
      .node("A")
      .node("B")
      .edge("G", "A", "v2")
      .edge("G", "B", "else")
      .done();
    const r = sim(t, { mocks: { W: { output: '{"notes":"v2"}' } } });
    expect(r.status).toBe("succeeded");
    expect(r.gates[0]).toMatchObject({ nodeId: "G", value: "v2", taken: ["v2"] });
    expect(statuses(r)).toMatchObject({ W: "done", A: "done", B: "skipped" });
    expect(sim(t).nodes.find((n) => n.id === "W")).toMatchObject({ status: "done", output: "{}" });
  });

  it("a human node is approved when no decision is given, and that is listed as assumed", () => {
    const t = buildTemplate().node("H", { type: "human", prompt: "ok?" }).node("B").chain("H", "B").done();
    const r = sim(t);
    expect(statuses(r)).toEqual({ H: "done", B: "done" });
    expect(r.assumed).toEqual(["H: a person approves"]);
    const rejected = sim(t, { decisions: { H: "reject" } });
    expect(rejected.status).toBe("failed");
    expect(rejected.nodes[0].reason).toContain("rejected");
    expect(rejected.assumed).toEqual([]);
    expect(
      sim(
        buildTemplate()
          .node("H", { type: "human", options: ["a", "b"] })
          .done(),
        { decisions: { H: "b" } },
      ).nodes[0].output,
    ).toBe("b");
  });

  it("an undecided person waits when the policy says so (the CLI without --approve)", () => {
    const t = buildTemplate().node("H", { type: "human" }).node("B").chain("H", "B").done();
    const r = sim(t, { undecided: "wait" });
    expect(r.status).toBe("waiting");
    expect(statuses(r)).toEqual({ H: "waiting", B: "pending" });
  });

  it("a checkpoint saves its fields; a pausing one asks a person", () => {
    const t = buildTemplate()
      .node("A")
      .node("C", { type: "checkpoint", save_fields: ["A.output"], auto_continue: false })
      .chain("A", "C")
      .done();
    const r = sim(t, { mocks: { A: { output: "x" } } });
    expect(r.nodes[1]).toMatchObject({ status: "done", output: '{"A.output":"x"}' });
    expect(r.assumed).toEqual(["C: a person approves"]);
  });

  it("a loop runs its iterations until `until` holds", () => {
    const t = buildTemplate()
      .node("L", { type: "loop", max_iter: 4, until: "iteration == 2" })
      .node("B")
      .chain("L", "B")
      .done();
    const r = sim(t);
    expect(statuses(r)).toEqual({
      "L.iter_1": "done",
      "L.iter_2": "done",
      "L.iter_3": "skipped",
      "L.iter_4": "skipped",
      B: "done",
    });
    expect(r.nodes[2].reason).toBe("the loop's until held after L.iter_2");
  });

  it("a human check makes the node wait for a person after its work", () => {
    const t = buildTemplate()
      .node("A", { checks: [{ type: "human", prompt: "looks right?" }] })
      .done();
    expect(sim(t).assumed).toEqual(["A: a person approves its check"]);
    expect(sim(t, { decisions: { A: "reject" } }).status).toBe("failed");
  });
});

describe("gates", () => {
  const gated = (fields: Record<string, unknown>) =>
    buildTemplate()
      .with({ context_schema: { env: { type: "string", required: false, default: "prod" } } })
      .node("A")
      .node("G", { type: "gate", ...fields })
      .node("Y")
      .node("N")
      .node("E")
      .chain("A", "G")
      .edge("G", "Y", "yes")
      .edge("G", "N", "no")
      .edge("G", "E", "else")
      .done();

  it("a condition is evaluated over the mocked outputs; the why names the condition, its value and the label", () => {
    const r = sim(gated({ condition: "{A.output}" }), { mocks: { A: { output: "yes\n" } } });
    expect(statuses(r)).toMatchObject({ Y: "done", N: "skipped", E: "skipped" });
    expect(r.gates).toEqual([
      {
        nodeId: "G",
        value: "yes",
        taken: ["yes"],
        skipped: ["N", "E"],
        why: 'condition "{A.output}" became "yes" → branch "yes"; skips N, E',
      },
    ]);
    expect(r.nodes.find((n) => n.id === "N")!.reason).toBe("gate G took another branch");
  });

  it("a value matching no label takes else", () => {
    const r = sim(gated({ condition: "{env}" }), { vars: { env: "prod" } });
    expect(r.gates[0]).toMatchObject({
      value: "prod",
      taken: ["else"],
      why: 'condition "{env}" became "prod" matches no label → branch "else"; skips Y, N',
    });
  });

  it("an expression is evaluated with CEL", () => {
    const r = sim(gated({ expression: 'nodes["A"].output == "ok" ? "yes" : "no"' }), {
      mocks: { A: { output: "ok" } },
    });
    expect(r.gates[0].why).toBe(
      'expression nodes["A"].output == "ok" ? "yes" : "no" gave "yes" → branch "yes"; skips N, E',
    );
  });

  it("without a match and without else, a person picks: the first label assumed, or the decision given", () => {
    const t = buildTemplate()
      .node("G", { type: "gate", condition: "maybe" })
      .node("Y")
      .node("N")
      .edge("G", "Y", "yes")
      .edge("G", "N", "no")
      .done();
    const r = sim(t);
    expect(r.assumed).toEqual(['G: a person picks the branch "yes"']);
    expect(r.gates[0].why).toBe(
      'the value "maybe" matches no branch; a person is assumed to choose "yes" → branch "yes"; skips N',
    );
    const chosen = sim(t, { decisions: { G: "no" } });
    expect(chosen.gates[0]).toMatchObject({
      taken: ["no"],
      why: 'the value "maybe" matches no branch; a person chose "no" → branch "no"; skips Y',
    });
  });

  it("a gate's mock output is its value", () => {
    const r = sim(gated({ args_template: "./decide.sh" }), { mocks: { G: { output: "no" } } });
    expect(r.gates[0].why).toBe('its mocked output was "no" → branch "no"; skips Y, E');
  });
});

describe("failure policies", () => {
  it("abort stops the run: running nodes finish, nothing new starts", () => {
    const t = buildTemplate().node("A").node("B").node("C").chain("B", "C").done();
    const r = sim(t, { mocks: { A: { status: "failed", error: "boom" } } });
    expect(r.status).toBe("failed");
    expect(statuses(r)).toEqual({ A: "failed", B: "done", C: "pending" });
    expect(r.nodes[0].reason).toBe("boom");
    expect(r.nodes[2].reason).toBe("not started: the run stopped (A: boom)");
    expect(r.batches).toEqual([["A", "B"]]);
  });

  it("skip skips what depends on it", () => {
    const t = buildTemplate().node("A", { on_fail: "skip" }).node("B").node("C").chain("A", "B", "C").done();
    const r = sim(t, { mocks: { A: { status: "failed" } } });
    expect(r.status).toBe("succeeded");
    expect(statuses(r)).toEqual({ A: "skipped", B: "skipped", C: "skipped" });
    expect(r.nodes[1].reason).toBe("A was skipped or failed");
  });

  it("retries every attempt of a failing mock, after the backoff", () => {
    const t = buildTemplate()
      .node("A", { retries: { max: 2, backoff_ms: 1000 }, on_fail: "skip" })
      .done();
    const r = sim(t, { mocks: { A: { status: "failed", durationMs: 10 } } });
    expect(r.nodes[0]).toMatchObject({ status: "skipped", attempts: 3, durationMs: 30 });
    expect(r.batches).toEqual([["A"], ["A"], ["A"]]);
  });

  it("a fallback runs in the failed node's place and its output stands in", () => {
    const t = buildTemplate()
      .node("A", { on_fail: "fallback:F" })
      .node("F")
      .node("B", { type: "gate", condition: "{A.output}" })
      .node("Y")
      .node("N")
      .chain("A", "B")
      .edge("B", "Y", "rescued")
      .edge("B", "N", "else")
      .done();
    const r = sim(t, { mocks: { A: { status: "failed" }, F: { output: "rescued" } } });
    expect(statuses(r)).toMatchObject({ A: "failed", F: "done", Y: "done", N: "skipped" });
    expect(r.status).toBe("succeeded");
  });

  it("a mocked attempt longer than timeout_s times out", () => {
    const t = buildTemplate().node("A", { timeout_s: 1 }).done();
    const r = sim(t, { mocks: { A: { durationMs: 5000 } } });
    expect(r.nodes[0]).toMatchObject({ status: "failed", durationMs: 1000 });
    expect(r.nodes[0].reason).toContain("timed out after 1s");
  });
});

describe("order, batches and estimates", () => {
  it("parallel nodes share a batch; serial runs one at a time; durations order the completions", () => {
    const t = buildTemplate().node("A").node("B").node("C").node("D").chain("A", "C").chain("B", "D").done();
    const r = sim(t, { mocks: { A: { durationMs: 50 }, B: { durationMs: 10 } } });
    expect(r.batches).toEqual([["A", "B"], ["D"], ["C"]]);
    expect(r.nodes.find((n) => n.id === "C")!.startMs).toBe(50);
    const serial = sim(buildTemplate().with({ execution_mode: "serial" }).node("A").node("B").done());
    expect(serial.batches).toEqual([["A"], ["B"]]);
    const limited = sim(t, { perRunLimit: 1 });
    expect(limited.order).toEqual(["A", "B", "C", "D"]);
  });

  it("estimates the longest path of per-node medians along the predicted path", () => {
    const t = buildTemplate().node("A").node("B").node("C").chain("A", "C").chain("B", "C").done();
    const history = { runs: 3, durations: { A: [100, 300, 200], B: [1000, 1000, 5000], C: [10, 10, 10] } };
    expect(sim(t, { history }).estimate).toEqual({ p50Ms: 1010, p90Ms: 5010, runs: 3 });
    expect(sim(t, { history: { runs: 0, durations: {} } }).estimate).toBeUndefined();
  });
});

describe("bad input", () => {
  const t = buildTemplate()
    .node("A")
    .node("H", { type: "human", options: ["x"] })
    .done();
  const problems = (o: SimulationOptions) => {
    const planned = planRun(t);
    if (!planned.ok) throw new Error("plan");
    const out = simulate(makeRunSpec(t, planned.plan), {}, o);
    return out.ok ? [] : out.diagnostics.map((d) => [d.code, d.field, d.message]);
  };
  it("names the field of a mock or decision for no node, for a node that never asks, and a choice that is no option", () => {
    expect(problems({ mocks: { Z: { output: "" } }, decisions: { A: "approve", H: "y", Q: "approve" } })).toEqual([
      ["SIM001", "mocks.Z", 'mocks.Z: the template has no node "Z"'],
      ["SIM002", "decisions.A", expect.stringContaining('decisions.A: node "A" never asks a person')],
      ["SIM003", "decisions.H", 'decisions.H: "y" is not an option here; choose one of "approve", "reject", "x"'],
      ["SIM001", "decisions.Q", 'decisions.Q: the template has no node "Q"'],
    ]);
  });
});
