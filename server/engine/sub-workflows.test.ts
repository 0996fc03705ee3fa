/**
 * Workflows that call workflows, through the real engine on a SQLite file with children from the real
 * library: outputs used downstream, failures under on_fail, a child waiting for a person, cancel across the
 * boundary, pinned versions, a restart while the child waits, the depth limit.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import type { Template } from "@/lib/workflow/model/template-schema";
import { selectApprovalRows } from "@/server/db/approval-reads";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createLibrary, type TemplateLibrary } from "@/server/db/template-library";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { FakeClock } from "@/server/test-support/fake-clock";
import type { StartRunInput } from "./engine-options";
import { libraryChildTemplates, type LibraryChildTemplates } from "./library-child-templates";
import { runDetails } from "./run-details";
import { RunInputError } from "./engine-errors";
import type { RunEngine } from "./orchestrator";

let h: EngineHarness | undefined;
let library: TemplateLibrary;
let children: LibraryChildTemplates;
afterEach(() => {
  h?.engine.detach();
  h?.close();
  h = undefined;
});

/** A harness whose engine reads children from its own library (the composition root's source). */
function harness(clock?: FakeClock): EngineHarness {
  const base = createEngineHarness(clock ? { clock } : {});
  base.engine.detach();
  library = createLibrary(sqliteSql(base.db));
  children = libraryChildTemplates(library);
  return { ...base, engine: base.restart({ childTemplates: children.source }) };
}

/** A start as the server makes it: the children read from the library first (decision 052). */
function start(input: StartRunInput): Promise<{ runId: string }> {
  return children.startWith(input.template, () => h!.engine.startRun(input));
}

async function save(t: Template): Promise<string> {
  return (await library.save({ template: t })).id;
}

/** Child: greets {name}; outputs `greeting`. */
const greeter = (text = "hello") =>
  buildTemplate()
    .with({
      template_id: "greeter",
      name: "Greeter",
      context_schema: { name: { type: "string", required: true } },
      outputs: { greeting: "{C1.output}" },
    })
    .node("C1", { args_template: `echo ${text} {name}` })
    .done();

/** Child: one command that fails. */
const failingGreeter = (command: string) =>
  buildTemplate()
    .with({ template_id: "greeter", name: "Greeter", context_schema: { name: { type: "string" } } })
    .node("C1", { args_template: command })
    .done();

/** The harness's engine stopped as by a crash, and a new one on the same database (children from its library). */
function restarted(): RunEngine {
  h!.engine.detach();
  const engine = h!.restart({ childTemplates: children.source });
  h = { ...h!, engine };
  return engine;
}

const caller = (extra: Record<string, unknown> = {}, tail = "echo got {W.greeting}") =>
  buildTemplate()
    .with({ template_id: "caller", name: "Caller", context_schema: { who: { type: "string", required: true } } })
    .node("W", { type: "workflow", template: "greeter", inputs: { name: "{who}" }, ...extra })
    .node("B", { args_template: tail })
    .chain("W", "B")
    .done();

describe("sub-workflows", () => {
  it("runs the child with the mapped input; its outputs reach the parent's downstream node and run.outputs", async () => {
    h = harness();
    const childPk = await save(greeter());
    const { runId } = await start({ template: caller(), variables: { who: "bob" } });
    const state = await h.engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.B.output).toBe("got hello bob");
    expect(JSON.parse(state.nodes.W.output!)).toEqual({ greeting: "hello bob" });
    const childId = state.nodes.W.child!.runId;
    const child = runDetails(h.store, childId)!;
    expect(child.run).toMatchObject({
      parentRunId: runId,
      parentNodeId: "W",
      templateId: childPk,
      templateVersion: 1,
      status: "succeeded",
      outputs: { greeting: "hello bob" },
    });
    const parent = runDetails(h.store, runId)!;
    expect(parent.run.outputs).toEqual({ output: "got hello bob" });
    expect(parent.nodes.find((n) => n.id === "W")).toMatchObject({ childRunId: childId, status: "done" });
  });

  it("a failing child fails the node with the child's reason; on_fail skip skips it and what depends on it", async () => {
    h = harness();
    await save(failingGreeter("echo broken >&2; exit 3"));
    const aborted = await start({ template: caller(), variables: { who: "x" } });
    const a = await h.engine.settled(aborted.runId);
    expect(a.status).toBe("failed");
    expect(a.nodes.W.error).toMatch(/RUN044|child run run_.* failed/);
    expect(a.nodes.B.status).not.toBe("done");
    const skipped = await start({ template: caller({ on_fail: "skip" }, "echo after"), variables: { who: "x" } });
    const s = await h.engine.settled(skipped.runId);
    expect(s.status).toBe("succeeded");
    expect(s.nodes.W).toMatchObject({ status: "skipped", error: expect.stringMatching(/exit code 3: broken/) });
    expect(s.nodes.B).toMatchObject({ status: "skipped", skipReason: "dependency" });
  });

  it("on_fail fallback: the fallback stands in when the child fails", async () => {
    h = harness();
    await save(failingGreeter("exit 1"));
    const t = buildTemplate()
      .with({ template_id: "caller", name: "Caller" })
      .node("W", { type: "workflow", template: "greeter", inputs: { name: "x" }, on_fail: "fallback:F" })
      .node("F", { args_template: "echo plan b" })
      .node("B", { args_template: "echo got {W.output}" })
      .chain("W", "B")
      .done();
    const state = await h.engine.settled((await start({ template: t })).runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.B.output).toBe("got plan b");
  });

  it("a child run that is gone after a restart fails its node: the parent is never stuck", async () => {
    h = harness();
    await save(buildTemplate().with({ template_id: "greeter", name: "Greeter" }).node("H", { type: "human" }).done());
    const { runId } = await start({ template: caller({ inputs: {} }), variables: { who: "x" } });
    const childId = (await h.engine.settled(runId)).nodes.W.child!.runId;
    h.engine.detach();
    h.db.$client.prepare("delete from runs where id = ?").run(childId);
    const engine = restarted();
    engine.recoverRuns();
    const state = await engine.settled(runId);
    expect(state.status).toBe("failed");
    expect(state.nodes.W.error).toMatch(/child run .* is gone/);
  });

  it("a retry starts a new child", async () => {
    h = harness();
    await save(failingGreeter("exit 1"));
    const { runId } = await start({ template: caller({ retries: 1 }), variables: { who: "x" } });
    const state = await h.engine.settled(runId);
    expect(state.nodes.W).toMatchObject({ status: "failed", attempts: 2 });
    const children = h.db.$client.prepare("select id from runs where parent_run_id = ?").all(runId);
    expect(children).toHaveLength(2);
  });

  it("the node waits while the child waits for a person; approving in the child finishes both", async () => {
    h = harness();
    await save(
      buildTemplate()
        .with({ template_id: "greeter", name: "Greeter", outputs: { said: "{H.output}" } })
        .node("H", { type: "human", prompt: "ok?" })
        .done(),
    );
    const { runId } = await start({
      template: caller({ inputs: {} }, "echo got {W.said}"),
      variables: { who: "x" },
    });
    const waiting = await h.engine.settled(runId);
    expect(waiting.status).toBe("waiting");
    expect(waiting.nodes.W).toMatchObject({ status: "waiting", child: { status: "waiting", done: 0, total: 1 } });
    const [approval] = await selectApprovalRows(sqliteSql(h.db), "pending");
    expect(approval.runId).toBe(waiting.nodes.W.child!.runId);
    h.engine.decide(approval.id, { decision: "approve", by: "ann@x" });
    const done = await h.engine.settled(runId);
    expect(done.status).toBe("succeeded");
    expect(done.nodes.B.output).toBe("got approved");
  });

  it("the node's timeout_s bounds the child: the node fails with RUN014 under its policy, each child is cancelled", async () => {
    const clock = new FakeClock();
    h = harness(clock);
    await save(buildTemplate().with({ template_id: "greeter", name: "Greeter" }).node("H", { type: "human" }).done());
    const { runId } = await start({ template: caller({ timeout_s: 60, retries: 1 }), variables: { who: "x" } });
    const first = (await h.engine.settled(runId)).nodes.W.child!.runId;
    clock.advance(59_000);
    expect((await h.engine.settled(runId)).nodes.W.status).toBe("waiting");
    clock.advance(1_000);
    // The retry starts a second child, bounded again; the first is cancelled.
    const retried = await h.engine.settled(runId);
    const second = retried.nodes.W.child!.runId;
    expect(second).not.toBe(first);
    expect(retried.nodes.W).toMatchObject({ status: "waiting", attempts: 2 });
    expect((await h.engine.settled(first)).status).toBe("cancelled");
    clock.advance(60_000);
    const state = await h.engine.settled(runId);
    expect(state.status).toBe("failed");
    expect(state.nodes.W).toMatchObject({ status: "failed", error: "node W timed out after 60s" });
    expect(state.nodes.B.status).not.toBe("succeeded");
    expect((await h.engine.settled(second)).status).toBe("cancelled");
  });

  it("after a restart the child's deadline still counts from the node's start", async () => {
    const clock = new FakeClock();
    h = harness(clock);
    await save(buildTemplate().with({ template_id: "greeter", name: "Greeter" }).node("H", { type: "human" }).done());
    const { runId } = await start({ template: caller({ timeout_s: 60 }), variables: { who: "x" } });
    const childId = (await h.engine.settled(runId)).nodes.W.child!.runId;
    clock.advance(30_000);
    const engine = restarted();
    engine.recoverRuns();
    clock.advance(29_000);
    expect((await engine.settled(runId)).nodes.W.status).toBe("waiting");
    clock.advance(1_000);
    expect((await engine.settled(runId)).nodes.W).toMatchObject({
      status: "failed",
      error: "node W timed out after 60s",
    });
    expect((await engine.settled(childId)).status).toBe("cancelled");
  });

  it("cancelling the parent cancels its child", async () => {
    h = harness();
    await save(buildTemplate().with({ template_id: "greeter", name: "Greeter" }).node("H", { type: "human" }).done());
    const { runId } = await start({ template: caller({ inputs: {} }), variables: { who: "x" } });
    const waiting = await h.engine.settled(runId);
    const childId = waiting.nodes.W.child!.runId;
    h.engine.cancel(runId);
    expect((await h.engine.settled(runId)).status).toBe("cancelled");
    expect((await h.engine.settled(childId)).status).toBe("cancelled");
    expect(await selectApprovalRows(sqliteSql(h.db), "pending")).toHaveLength(0);
  });

  it("pins the child's version at run start: a save meanwhile does not change the running parent", async () => {
    h = harness();
    await save(
      buildTemplate()
        .with({
          template_id: "greeter",
          name: "Greeter",
          context_schema: { name: { type: "string", required: false } },
        })
        .node("H", { type: "human" })
        .node("C1", { args_template: "echo v1" })
        .chain("H", "C1")
        .with({ outputs: { greeting: "{C1.output}" } })
        .done(),
    );
    // The parent waits at its own gate first, so the child starts after the save.
    const parent = buildTemplate()
      .with({ template_id: "caller", name: "Caller" })
      .node("P", { type: "human" })
      .node("W", { type: "workflow", template: "greeter", inputs: {} })
      .chain("P", "W")
      .done();
    const { runId } = await start({ template: parent });
    await h.engine.settled(runId);
    await save(greeter("v2"));
    const approve = async () =>
      h!.engine.decide((await selectApprovalRows(sqliteSql(h!.db), "pending"))[0].id, { decision: "approve" });
    await approve();
    await h.engine.settled(runId);
    await approve();
    const done = await h.engine.settled(runId);
    expect(JSON.parse(done.nodes.W.output!)).toEqual({ greeting: "v1" });
    // A pinned version stays that version.
    const pinned = await start({ template: caller({ version: 2 }), variables: { who: "z" } });
    expect(JSON.parse((await h.engine.settled(pinned.runId)).nodes.W.output!)).toEqual({ greeting: "v2 z" });
  });

  it("resumes both after a restart while the child waits", async () => {
    h = harness();
    await save(
      buildTemplate()
        .with({ template_id: "greeter", name: "Greeter", outputs: { said: "{H.output}" } })
        .node("H", { type: "human" })
        .done(),
    );
    const { runId } = await start({
      template: caller({ inputs: {} }, "echo got {W.said}"),
      variables: { who: "x" },
    });
    await h.engine.settled(runId);
    const engine = restarted();
    const { resumed } = engine.recoverRuns();
    expect(resumed).toHaveLength(2);
    expect((await engine.settled(runId)).nodes.W.status).toBe("waiting");
    engine.decide((await selectApprovalRows(sqliteSql(h.db), "pending"))[0].id, { decision: "approve" });
    const done = await engine.settled(runId);
    expect(done.status).toBe("succeeded");
    expect(done.nodes.B.output).toBe("got approved");
  });

  it("refuses a run whose child does not exist (nothing stored), and fails a node nested deeper than 5", async () => {
    h = harness();
    await expect(start({ template: caller(), variables: { who: "x" } })).rejects.toThrow(RunInputError);
    expect(h.db.$client.prepare("select count(*) as n from runs").get()).toEqual({ n: 0 });
    // level0 → level1 → … → level6: the sixth nested child is refused.
    for (let i = 6; i >= 1; i--) {
      const b = buildTemplate().with({ template_id: `level${i}`, name: `Level ${i}` });
      await save((i === 6 ? b.node("X") : b.node("W", { type: "workflow", template: `level${i + 1}` })).done());
    }
    const top = buildTemplate().with({ template_id: "level0", name: "Level 0" });
    const { runId } = await start({ template: top.node("W", { type: "workflow", template: "level1" }).done() });
    const state = await h.engine.settled(runId);
    expect(state.status).toBe("failed");
    expect(state.nodes.W.error).toMatch(/nested 6 deep/);
  });
});
