/**
 * Second-look scenarios through the real engine (SQLite + shell processes): substitution and
 * quoting, gate values from outputs and CEL, loops with {iteration}, checkpoints, timeouts, abort.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { ExecutorCatalogSchema } from "@/lib/describe/executor-catalog-schema";
import { openStoreHarness, RUN_STORES, type StoreHarness } from "@/server/test-support/store-harness";
import { RunInputError } from "./engine-errors";

let h: StoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const statuses = (nodes: Record<string, { status: string }>) =>
  Object.fromEntries(Object.entries(nodes).map(([id, n]) => [id, n.status]));

describe.each(RUN_STORES)("engine scenarios (%s store)", (store) => {
  it.each([
    ["unquoted", "printf %s {x} > out"],
    ["in double quotes", 'printf %s "{x}" > out'],
    ["in single quotes", "printf %s '{x}' > out"],
    ["inside a word", "printf %s pre{x}post > out"],
  ])("a hostile variable arrives as a literal string (%s)", async (where, cmd) => {
    //  A
    h = await openStoreHarness(store);
    const hostile = `'; touch pwned1; echo "$(touch pwned2)" \`touch pwned3\` \\ $HOME`;
    const t = buildTemplate()
      .node("A", { args_template: cmd })
      .with({ context_schema: { x: { type: "string" } } })
      .done();
    const { runId } = await h.start({ template: t, variables: { x: hostile } });
    const state = await h.settled(runId);
    expect(state.status).toBe("succeeded");
    const ws = path.join(h.dir, "runs", runId);
    expect(fs.readdirSync(ws).filter((f) => f.startsWith("pwned"))).toEqual([]);
    const expected = where === "inside a word" ? `pre${hostile}post` : hostile;
    expect(fs.readFileSync(path.join(ws, "out"), "utf8")).toBe(expected);
  });

  it("gate value from a previous node's output and from a CEL expression over vars and outputs", async () => {
    //  N → G1 (condition {N.output}) ─fast→ F, ─slow→ S
    //  N → G2 (expression)           ─big→ B, ─small→ M
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("N", { args_template: "echo slow" })
      .node("G1", { type: "gate", condition: "{N.output}" })
      .node("F")
      .node("S")
      .node("G2", {
        type: "gate",
        expression: 'int(vars.size) > 10 && nodes["N"].output == "slow" ? "big" : "small"',
      })
      .node("B")
      .node("M")
      .chain("N", "G1")
      .chain("N", "G2")
      .edge("G1", "F", "fast")
      .edge("G1", "S", "slow")
      .edge("G2", "B", "big")
      .edge("G2", "M", "small")
      .with({ context_schema: { size: { type: "string" } } })
      .done();
    const { runId } = await h.start({ template: t, variables: { size: "42" } });
    const state = await h.settled(runId);
    expect(statuses(state.nodes)).toMatchObject({ F: "skipped", S: "done", B: "done", M: "skipped" });
    expect(state.nodes.G1.gate).toMatchObject({ value: "slow", source: "condition", condition: "{N.output}" });
    expect(state.nodes.G2.gate).toMatchObject({ value: "big", source: "expression" });
  });

  it("loop body sees {iteration}; until ends it; downstream reads the last iteration", async () => {
    //  L (loop ×5: echo {iteration}; until output == "2") → Z
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("L", {
        type: "loop",
        max_iter: 5,
        args_template: "echo {iteration} >> iters; echo {iteration}",
        until: 'output == "2"',
      })
      .node("Z", { args_template: "echo last={L.output}" })
      .chain("L", "Z")
      .done();
    const { runId } = await h.start({ template: t });
    const state = await h.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(fs.readFileSync(path.join(h.dir, "runs", runId, "iters"), "utf8")).toBe("1\n2\n");
    expect(state.nodes.Z.output).toBe("last=2");
    expect(state.nodes["L.iter_3"].status).toBe("skipped");
  });

  it("a checkpoint with auto_continue: false waits, then keeps its save_fields", async () => {
    //  A → C (checkpoint, save A.output and who) → B
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("A", { args_template: "echo plan" })
      .node("C", { type: "checkpoint", auto_continue: false, save_fields: ["A.output", "who"] })
      .node("B", { args_template: "echo {C.output}" })
      .chain("A", "C", "B")
      .with({ context_schema: { who: { type: "string", default: "ana" } } })
      .done();
    const { runId } = await h.start({ template: t });
    let state = await h.settled(runId);
    expect(state.status).toBe("waiting");
    expect(state.nodes.B.status).toBe("pending");
    const [row] = await h.pendingApprovals();
    await h.decide(row.id, { decision: "approve" });
    state = await h.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.C.fields).toEqual({ "A.output": "plan", who: "ana" });
    expect(JSON.parse(state.nodes.C.output!)).toEqual({ "A.output": "plan", who: "ana" });
  });

  it("timeout_s fails the node with RUN014 and its on_fail applies", async () => {
    //  A (sleep, timeout, skip) → B ;  C
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("A", { args_template: "sleep 5", timeout_s: 0.3, on_fail: "skip" })
      .node("B")
      .node("C")
      .chain("A", "B")
      .done();
    const { runId } = await h.start({ template: t });
    const state = await h.settled(runId);
    expect(statuses(state.nodes)).toEqual({ A: "skipped", B: "skipped", C: "done" });
    expect(state.nodes.A.error).toMatch(/timed out after 0.3s/);
    expect(state.status).toBe("succeeded");
  });

  it("abort: the running sibling finishes, nothing new starts, the run fails", async () => {
    //  A (fails fast) → X ;  B (slow) → Y
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("A", { args_template: "exit 4" })
      .node("B", { args_template: "sleep 0.4; echo b > b-done" })
      .node("X", { args_template: "echo x > x-ran" })
      .node("Y", { args_template: "echo y > y-ran" })
      .chain("A", "X")
      .chain("B", "Y")
      .done();
    const { runId } = await h.start({ template: t });
    const state = await h.settled(runId);
    const ws = path.join(h.dir, "runs", runId);
    expect(state.status).toBe("failed");
    expect(statuses(state.nodes)).toEqual({ A: "failed", B: "done", X: "pending", Y: "pending" });
    expect(fs.existsSync(path.join(ws, "b-done"))).toBe(true);
    expect(fs.existsSync(path.join(ws, "y-ran"))).toBe(false);
  });

  it("prev_output with several predecessors takes the first listed dependency that finished", async () => {
    //  P → J ;  Q → J   (edges listed P first)
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("Q", { args_template: "echo q" })
      .node("P", { args_template: "echo p" })
      .node("J", { args_template: "echo got {prev_output}" })
      .chain("P", "J")
      .chain("Q", "J")
      .done();
    const { runId } = await h.start({ template: t });
    const state = await h.settled(runId);
    expect(state.nodes.J.output).toBe("got p");
  });

  it("a default is used when a variable is not given; a required one without default is refused", async () => {
    //  A
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("A", { args_template: "echo {env}-{region}" })
      .with({
        context_schema: {
          env: { type: "string", default: "dev" },
          region: { type: "string", required: true },
        },
      })
      .done();
    await expect(h.start({ template: t })).rejects.toThrow(RunInputError);
    const { runId } = await h.start({ template: t, variables: { region: "eu" } });
    const state = await h.settled(runId);
    expect(state.nodes.A.output).toBe("dev-eu");
  });
  it("serial mode: one node at a time in topological order, also across branches", async () => {
    //  A → C ;  B → D   (serial)
    h = await openStoreHarness(store);
    const t = ["A", "B", "C", "D"]
      .reduce(
        (b, id) => b.node(id, { args_template: `echo s${id} >> log; sleep 0.05; echo e${id} >> log` }),
        buildTemplate(),
      )
      .chain("A", "C")
      .chain("B", "D")
      .with({ execution_mode: "serial" })
      .done();
    const { runId } = await h.start({ template: t });
    await h.settled(runId);
    const log = fs
      .readFileSync(path.join(h.dir, "runs", runId, "log"), "utf8")
      .split("\n")
      .filter(Boolean);
    expect(log).toEqual(["sA", "eA", "sB", "eB", "sC", "eC", "sD", "eD"]);
  });

  it("re-run from a gate with confirm re-evaluates it and runs the other branch", async () => {
    //  N (cat pick) → G (condition {N.output}) ─a→ A, ─b→ B
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("N", { args_template: "cat pick" })
      .node("G", { type: "gate", condition: "{N.output}" })
      .node("A", { args_template: "echo A >> ran" })
      .node("B", { args_template: "echo B >> ran" })
      .chain("N", "G")
      .edge("G", "A", "a")
      .edge("G", "B", "b")
      .done();
    const { runId } = await h.start({ template: t, runId: "run-gate-rerun" });
    // The first attempt of N fails (no file yet); retry-failed runs it again once the file exists.
    let state = await h.settled(runId);
    expect(state.status).toBe("failed");
    const ws = path.join(h.dir, "runs", runId);
    fs.writeFileSync(path.join(ws, "pick"), "a");
    await h.retryFailed(runId);
    state = await h.settled(runId);
    expect(statuses(state.nodes)).toEqual({ N: "done", G: "done", A: "done", B: "skipped" });
    fs.writeFileSync(path.join(ws, "pick"), "b");
    await h.rerunFrom(runId, "N", true);
    state = await h.settled(runId);
    expect(statuses(state.nodes)).toEqual({ N: "done", G: "done", A: "skipped", B: "done" });
    expect(fs.readFileSync(path.join(ws, "ran"), "utf8")).toBe("A\nB\n");
  });
  it("a checkpoint between two nodes is transparent to {prev_output} (injected checkpoints keep the meaning)", async () => {
    //  A → CP (checkpoint) → B
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("A", { args_template: "echo analysis" })
      .node("CP", { type: "checkpoint", save_fields: ["A.output"] })
      .node("B", { args_template: "echo got {prev_output}" })
      .chain("A", "CP", "B")
      .done();
    const { runId } = await h.start({ template: t });
    const state = await h.settled(runId);
    expect(state.nodes.B.output).toBe("got analysis");
  });
  it("a fallback chain A → B → C recovers: A's downstream reads C's output as {prev_output} and {A.output}", async () => {
    //  A(fallback:B) → D ;  B(fallback:C) ;  C
    h = await openStoreHarness(store);
    const t = buildTemplate()
      .node("A", { args_template: "exit 1", on_fail: "fallback:B" })
      .node("B", { args_template: "exit 2", on_fail: "fallback:C" })
      .node("C", { args_template: "echo from-C" })
      .node("D", { args_template: "echo {prev_output}/{A.output}" })
      .chain("A", "D")
      .done();
    const state = await h.settled((await h.start({ template: t })).runId);
    expect([state.nodes.A.status, state.nodes.B.status, state.nodes.C.status, state.nodes.D.status]).toEqual([
      "failed",
      "failed",
      "done",
      "done",
    ]);
    expect(state.nodes.D.output).toBe("from-C/from-C");
    expect(state.status).toBe("succeeded");
  });

  it("skill: a value that looks like a reference is not substituted a second time in the recipe", async () => {
    //  S (skill echo-it: printf %s {args})
    const catalog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wf-cat-")), "catalog.json");
    fs.writeFileSync(
      catalog,
      JSON.stringify({
        version: 1,
        entries: { "echo-it": { recipe: { kind: "shell", command: "printf %s {args}" } } },
      }),
    );
    h = await openStoreHarness(store, {
      catalog: () => ExecutorCatalogSchema.parse(JSON.parse(fs.readFileSync(catalog, "utf8"))),
    });
    const t = buildTemplate()
      .node("S", { type: "skill", executor: "echo-it", args_template: "{msg}" })
      .with({ context_schema: { msg: { type: "string" }, secret: { type: "string" } } })
      .done();
    const { runId } = await h.start({ template: t, variables: { msg: "{secret}", secret: "hunter2" } });
    const state = await h.settled(runId);
    fs.rmSync(path.dirname(catalog), { recursive: true, force: true });
    expect(state.nodes.S.output).toBe("{secret}");
  });
});
