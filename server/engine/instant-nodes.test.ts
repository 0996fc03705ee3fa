/**
 * A tick runs to quiescence: nodes whose outcome is known at once (checkpoints, gates over expressions,
 * skipped branches, human requests) advance in the tick that releases them, each with its events in that
 * tick's one transaction — and a tick finishes at most `instantNodesPerTick` of them, shared among the runs
 * with ready nodes, and no more once its time (`instantNodesMs`) is up, so a long chain yields to the other
 * runs between ticks. Counted per commit, never timed (a time of 0 is up at once).
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import type { RunEngine } from "./orchestrator";
import type { RunBatch, StoredEvent } from "./run-store";
import { SqliteRunStore } from "./sqlite-run-store";

let h: EngineHarness | undefined;
let engine: RunEngine | undefined;
afterEach(() => {
  engine?.detach();
  h?.close();
  h = undefined;
  engine = undefined;
});

/** The real store, keeping what each commit held: per run, its event types. */
class CountingStore extends SqliteRunStore {
  readonly commits: Map<string, string[]>[] = [];
  override commit(batches: RunBatch[]): Map<string, StoredEvent[]> {
    const out = super.commit(batches);
    this.commits.push(new Map(batches.map((b) => [b.runId, b.events.map((e) => e.type)])));
    return out;
  }
  /** How many nodes of `runId` each commit finished (succeeded), in commit order, commits without any left out. */
  finishedPerCommit(runId: string): number[] {
    return this.commits
      .map((c) => (c.get(runId) ?? []).filter((t) => t === "node.succeeded").length)
      .filter((n) => n > 0);
  }
}

function checkpointChain(count: number) {
  const b = buildTemplate();
  const ids = Array.from({ length: count }, (_, i) => `C${i}`);
  for (const id of ids) b.node(id, { type: "checkpoint", auto_continue: true, args_template: undefined });
  return b
    .chain(...ids)
    .with({ checkpoints: ids })
    .done();
}

function setUp(instantNodesPerTick?: number, instantNodesMs?: number) {
  h = createEngineHarness();
  const store = new CountingStore(h.db);
  engine = h.restart({
    store,
    ...(instantNodesPerTick ? { instantNodesPerTick } : {}),
    ...(instantNodesMs !== undefined ? { instantNodesMs } : {}),
  });
  return { store, engine };
}

describe("a tick runs to quiescence", () => {
  it("a 200-node chain of checkpoints is stored and finished by one commit", async () => {
    const { store, engine } = setUp();
    const { runId } = engine.startRun({ template: checkpointChain(200) });
    expect(store.commits).toHaveLength(1);
    const types = store.commits[0].get(runId)!;
    expect(types.filter((t) => t === "node.started")).toHaveLength(200);
    expect(types.filter((t) => t === "node.succeeded")).toHaveLength(200);
    expect(types.at(-1)).toBe("run.finished");
    expect(h!.store.loadRun(runId)!.state.status).toBe("succeeded");
    expect((await engine.settled(runId)).status).toBe("succeeded");
  });

  it("a gate over an expression, the skipped branch and a human step's request advance in the same tick", async () => {
    //  A (checkpoint) → G (gate: expression) ─yes→ B (checkpoint) → H (human)
    //                                        ─no→  N (checkpoint, skipped)
    const { store, engine } = setUp();
    const t = buildTemplate()
      .node("A", { type: "checkpoint", args_template: undefined })
      .node("G", { type: "gate", expression: '"yes"', args_template: undefined })
      .node("B", { type: "checkpoint", args_template: undefined })
      .node("N", { type: "checkpoint", args_template: undefined })
      .node("H", { type: "human", prompt: "ship it?", args_template: undefined })
      .chain("A", "G")
      .edge("G", "B", "yes")
      .edge("G", "N", "no")
      .chain("B", "H")
      .with({ checkpoints: ["A", "B", "N"] })
      .done();
    const { runId } = engine.startRun({ template: t });
    expect(store.commits).toHaveLength(1);
    const stored = h!.store.loadRun(runId)!.state;
    expect(Object.fromEntries(Object.entries(stored.nodes).map(([id, n]) => [id, n.status]))).toEqual({
      A: "done",
      G: "done",
      B: "done",
      N: "skipped",
      H: "waiting",
    });
    expect(stored.nodes.G.gate).toMatchObject({ value: "yes", source: "expression" });
    // The human step's approval row is in the same commit as its waiting event.
    const open = h!.db.$client.prepare(`select node_id as nodeId from approvals where run_id = ?`).all(runId);
    expect(open).toEqual([{ nodeId: "H" }]);
  });

  it("a chain longer than the bound finishes at most that many nodes per tick, shared with another run meanwhile", async () => {
    const { store, engine } = setUp(10);
    const { runId } = engine.startRun({ template: checkpointChain(35) });
    // The first tick: the run stored with its first 10 nodes finished, nothing more.
    expect(store.commits).toHaveLength(1);
    expect(store.finishedPerCommit(runId)).toEqual([10]);
    // Started now, the small run shares the next tick with the chain — the tick's 10 split between the two runs
    // with ready nodes: it does not wait for the chain, and the tick holds no more than before.
    const small = await engine.startRunGrouped({ template: checkpointChain(1) });
    const smallCommit = store.commits.findIndex((c) => c.get(small.runId)?.includes("run.finished"));
    expect(smallCommit).toBe(1);
    expect(store.commits[1].get(runId)!.filter((t) => t === "node.succeeded")).toHaveLength(5);
    expect((await engine.settled(runId)).status).toBe("succeeded");
    expect(store.finishedPerCommit(runId)).toEqual([10, 5, 10, 10]);
    // Every transition stored with its event: ids 1…n without a gap, each node started and finished once.
    const events = h!.store.eventsAfter(runId, 0);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.event.type === "node.started")).toHaveLength(35);
    expect(events.filter((e) => e.event.type === "node.succeeded")).toHaveLength(35);
  });

  it("a tick whose time is up finishes one such node of each run, and the rest in the next ticks", async () => {
    // No time at all: every tick is over after each run's first node.
    const { store, engine } = setUp(undefined, 0);
    const { runId } = engine.startRun({ template: checkpointChain(4) });
    const other = engine.startRun({ template: checkpointChain(2) });
    expect((await engine.settled(runId)).status).toBe("succeeded");
    expect((await engine.settled(other.runId)).status).toBe("succeeded");
    expect(store.finishedPerCommit(runId)).toEqual([1, 1, 1, 1]);
    expect(store.finishedPerCommit(other.runId)).toEqual([1, 1]);
    // The two runs shared their second tick: the other run did not wait for the chain.
    const second = store.commits.findIndex((c) => (c.get(other.runId) ?? []).includes("node.succeeded"));
    expect(store.commits[second].get(runId)?.filter((t) => t === "node.succeeded")).toHaveLength(1);
  });

  it("a node with checks or preconditions still takes an ordinary attempt (its own tick)", async () => {
    const { store, engine } = setUp();
    const t = buildTemplate()
      .node("A", { type: "checkpoint", args_template: undefined, checks: [{ type: "command", run: "true" }] })
      .with({ checkpoints: ["A"] })
      .done();
    const { runId } = engine.startRun({ template: t });
    expect(store.commits).toHaveLength(1);
    expect(store.commits[0].get(runId)).not.toContain("node.succeeded");
    expect((await engine.settled(runId)).nodes.A.status).toBe("done");
    expect(store.commits.length).toBeGreaterThan(1);
  });
});
