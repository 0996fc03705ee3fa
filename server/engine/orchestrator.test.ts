import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { selectApprovalRows } from "@/server/db/approval-reads";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { selectEventsAfter, selectNodeRuns } from "@/server/db/run-queries";
import { FakeClock } from "@/server/test-support/fake-clock";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { RerunNeedsConfirmationError, RunInputError } from "./engine-errors";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
});

describe("RunEngine on SQLite", () => {
  it("runs a linear chain, substitutes references, stores every transition with increasing event ids", async () => {
    //  A → B
    h = createEngineHarness();
    const t = buildTemplate()
      .node("A", { args_template: "echo hello {who}" })
      .node("B", { args_template: "echo {A.output} | tr a-z A-Z" })
      .chain("A", "B")
      .with({ context_schema: { who: { type: "string" } } })
      .done();
    const { runId } = h.engine.startRun({ template: t, variables: { who: "it's me" } });
    const state = await h.engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.B.output).toBe("HELLO IT'S ME");
    const events = selectEventsAfter(h.db, runId, 0);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect(events.at(-1)?.type).toBe("run.finished");
    expect(selectNodeRuns(h.db, runId).map((r) => [r.nodeId, r.status, r.attempt])).toEqual([
      ["A", "done", 1],
      ["B", "done", 1],
    ]);
    expect(h.store.loadRun(runId)?.state.nodes.B.output).toBe("HELLO IT'S ME");
  });

  it("refuses a missing required variable and an invalid plan before storing anything", () => {
    //  A
    h = createEngineHarness();
    const t = buildTemplate()
      .node("A")
      .with({ context_schema: { env: { type: "string", required: true } } })
      .done();
    expect(() => h!.engine.startRun({ template: t })).toThrow(RunInputError);
    try {
      h.engine.startRun({ template: t });
    } catch (err) {
      expect((err as RunInputError).diagnostics.map((d) => d.code)).toEqual(["RUN006"]);
    }
    expect(h.store.openRunIds()).toEqual([]);
  });

  it("runs independent nodes in parallel up to the per-run limit, one at a time in serial mode", async () => {
    //  A   B   C   D  (independent; each records start/end)
    const make = (mode: string) =>
      ["A", "B", "C", "D"]
        .reduce((b, id) => b.node(id, { args_template: `echo s >> log; sleep 0.2; echo e >> log` }), buildTemplate())
        .with({ execution_mode: mode })
        .done();
    h = createEngineHarness({ concurrency: { perRun: 2 } });
    const par = h.engine.startRun({ template: make("parallel") });
    await h.engine.settled(par.runId);
    const parLog = fs
      .readFileSync(path.join(h.dir, "runs", par.runId, "log"), "utf8")
      .split("\n")
      .filter(Boolean);
    expect(parLog.slice(0, 2)).toEqual(["s", "s"]);
    expect(parLog.slice(0, 3)).not.toEqual(["s", "s", "s"]);
    const ser = h.engine.startRun({ template: make("serial") });
    await h.engine.settled(ser.runId);
    const serLog = fs
      .readFileSync(path.join(h.dir, "runs", ser.runId, "log"), "utf8")
      .split("\n")
      .filter(Boolean);
    expect(serLog).toEqual(["s", "e", "s", "e", "s", "e", "s", "e"]);
  });

  it("retries with backoff on the engine clock", async () => {
    //  A (fails until the third attempt)
    const clock = new FakeClock();
    h = createEngineHarness({ clock });
    const t = buildTemplate()
      .node("A", {
        args_template: "echo x >> tries; test $(wc -l < tries) -ge 3",
        retries: { max: 3, backoff_ms: 5000 },
      })
      .done();
    const { runId } = h.engine.startRun({ template: t });
    const settledOnce = async () => {
      for (let i = 0; i < 50 && h!.engine.getState(runId)!.nodes.A.status !== "pending"; i++)
        await new Promise((r) => setTimeout(r, 20));
    };
    await settledOnce();
    expect(h.engine.getState(runId)!.nodes.A).toMatchObject({ status: "pending", attempts: 1 });
    clock.advance(5000);
    await settledOnce();
    expect(h.engine.getState(runId)!.nodes.A.attempts).toBe(2);
    clock.advance(5000);
    const state = await h.engine.settled(runId);
    expect(state.nodes.A).toMatchObject({ status: "done", attempts: 3 });
  });

  it("asks a person: approval rows open, decide closes them and the run continues", async () => {
    //  H → B ;  G ─a→ X, G ─b→ Y  (gate with no match)
    h = createEngineHarness();
    const t = buildTemplate()
      .node("H", { type: "human", prompt: "ship it?" })
      .node("B")
      .node("G", { type: "gate", condition: "zzz" })
      .node("X")
      .node("Y")
      .chain("H", "B")
      .edge("G", "X", "a")
      .edge("G", "Y", "b")
      .done();
    const { runId } = h.engine.startRun({ template: t });
    let state = await h.engine.settled(runId);
    expect(state.status).toBe("waiting");
    const open = await selectApprovalRows(sqliteSql(h.db), "pending");
    expect(open.map((a) => [a.nodeId, a.kind, a.prompt])).toEqual([
      ["H", "human", "ship it?"],
      ["G", "gate", 'No branch matches "zzz": choose one'],
    ]);
    expect(JSON.parse(open[1].options!)).toEqual(["a", "b"]);
    h.engine.decide(open[0].id, { decision: "approve", comment: "ok", by: "ana" });
    h.engine.decide(open[1].id, { decision: "b" });
    state = await h.engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.X.status).toBe("skipped");
    const closed = await selectApprovalRows(sqliteSql(h.db));
    expect(closed.map((a) => [a.status, a.decidedBy])).toEqual([
      ["approved", "ana"],
      ["answered", null],
    ]);
  });

  it("re-run from a node asks for confirmation when downstream finished", async () => {
    //  A → B
    h = createEngineHarness();
    const t = buildTemplate().node("A", { args_template: "echo a >> count" }).node("B").chain("A", "B").done();
    const { runId } = h.engine.startRun({ template: t });
    await h.engine.settled(runId);
    expect(() => h!.engine.rerunFrom(runId, "A")).toThrow(RerunNeedsConfirmationError);
    h.engine.rerunFrom(runId, "A", true);
    const state = await h.engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(fs.readFileSync(path.join(h.dir, "runs", runId, "count"), "utf8")).toBe("a\na\n");
  });

  it("a restarted engine marks running nodes interrupted and retries them by policy", async () => {
    //  A (blocks until released) → B
    h = createEngineHarness();
    const t = buildTemplate()
      .node("A", { args_template: "echo a >> starts; while [ ! -f go ]; do sleep 0.05; done", retries: 1 })
      .node("B", { args_template: "echo b >> starts" })
      .chain("A", "B")
      .done();
    const { runId } = h.engine.startRun({ template: t });
    const ws = path.join(h.dir, "runs", runId);
    while (!fs.existsSync(path.join(ws, "starts"))) await new Promise((r) => setTimeout(r, 20));
    // The first engine dies (nothing more written); a second one on the same file takes over.
    h.engine.detach();
    const second = h.restart();
    expect(second.recoverRuns().resumed).toEqual([runId]);
    fs.writeFileSync(path.join(ws, "go"), "");
    const state = await second.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.A.attempts).toBe(2);
    expect(fs.readFileSync(path.join(ws, "starts"), "utf8")).toBe("a\na\nb\n");
  });
});
