/**
 * The start of a large run in slices (decision 056): the runs under way go on meanwhile, its node rows are
 * written a share per commit, a run stopped before its last share resumes with the rest as they started,
 * and its large spec is stored deflated and read back. Every slice waits for the next turn here
 * (`startSliceBudgetMs: 0`), so the order below does not depend on how fast the machine is.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { planRun } from "@/lib/workflow/run/run-plan";
import { initialRunState } from "@/lib/workflow/run/run-state";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { RunInputError } from "./engine-errors";
import { SLICED_START_NODES } from "./start-in-slices";
import { NODE_ROWS_PER_COMMIT } from "./unwritten-node-rows";
import type { Db } from "@/server/db/open-database";
import type { RunBatch, StoredEvent } from "./run-store";
import { SqliteRunStore } from "./sqlite-run-store";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
});

/** A chain of auto-continuing checkpoints: no process, only the engine and the store at work. */
function checkpointChain(length: number, prefix = "C") {
  const ids = Array.from({ length }, (_, i) => `${prefix}${i + 1}`);
  let t = buildTemplate();
  for (const id of ids) t = t.node(id, { type: "checkpoint", auto_continue: true });
  for (let i = 1; i < length; i++) t = t.edge(ids[i - 1], ids[i]);
  return t.with({ checkpoints: ids }).done();
}

/** The real store, refusing its `refuseAt`-th commit once, counting the node rows each commit writes. */
class RefusingStore extends SqliteRunStore {
  rowsPerCommit: number[] = [];
  refused = 0;
  private commits = 0;
  constructor(
    db: Db,
    private readonly refuseAt: number,
  ) {
    super(db);
  }
  override commit(batches: RunBatch[]): Map<string, StoredEvent[]> {
    if (++this.commits === this.refuseAt) {
      this.refused++;
      throw new Error("injected: database is locked");
    }
    this.rowsPerCommit.push(batches.reduce((n, b) => n + [...b.touched].length, 0));
    return super.commit(batches);
  }
}

const rowCount = (runId: string) =>
  (h!.db.$client.prepare(`select count(*) as n from node_runs where run_id = ?`).get(runId) as { n: number }).n;

describe("a large run's start, in slices", () => {
  it("lets a run started after it finish before it is stored; every event of both is stored, in order", async () => {
    h = createEngineHarness({ startSliceBudgetMs: 0 });
    const order: string[] = [];
    const stop = h.bus.subscribeAll(({ runId, event }) => {
      if (event.type === "run.started" || event.type === "run.finished") order.push(`${runId} ${event.type}`);
    });
    const big = h.engine.startRunGrouped({ template: checkpointChain(SLICED_START_NODES + 500) });
    const small = await h.engine.startRunGrouped({ template: checkpointChain(2, "S") });
    const smallState = await h.engine.settled(small.runId);
    const { runId } = await big;
    stop();
    expect(smallState.status).toBe("succeeded");
    // The small run started and finished before the big one was stored.
    expect(order.slice(0, 3)).toEqual([
      `${small.runId} run.started`,
      `${small.runId} run.finished`,
      `${runId} run.started`,
    ]);
    expect((await h.engine.settled(runId)).status).toBe("succeeded");
    const ids = h.store.eventsAfter(runId, 0).map((e) => e.id);
    expect(ids).toEqual(Array.from({ length: 2 + 2 * (SLICED_START_NODES + 500) }, (_, i) => i + 1));
  });

  it("stores its node rows a share per commit, each from the node's state then; all of them once settled", async () => {
    h = createEngineHarness({ startSliceBudgetMs: 0, instantNodesPerTick: 1 });
    const count = 3 * NODE_ROWS_PER_COMMIT + 10;
    const { runId } = await h.engine.startRunGrouped({ template: checkpointChain(count) });
    // The commit that stored the run wrote its first share only.
    expect(rowCount(runId)).toBeLessThanOrEqual(NODE_ROWS_PER_COMMIT + 2);
    const state = await h.engine.settled(runId);
    expect(state.status).toBe("succeeded");
    const rows = h.db.$client.prepare(`select status, count(*) as n from node_runs where run_id = ? group by status`);
    expect(rows.all(runId)).toEqual([{ status: "done", n: count }]);
  });

  it("a commit refused while rows are being written: the same share is tried again, no more; all rows once settled", async () => {
    h = createEngineHarness({ startSliceBudgetMs: 0 });
    const store = new RefusingStore(h.db, 3);
    const engine = h.restart({ store, startSliceBudgetMs: 0, instantNodesPerTick: 1 });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const count = 4 * NODE_ROWS_PER_COMMIT;
    const { runId } = await engine.startRunGrouped({ template: checkpointChain(count) });
    const state = await engine.settled(runId);
    engine.detach();
    errors.mockRestore();
    expect(state.status).toBe("succeeded");
    expect(store.refused).toBe(1);
    expect(rowCount(runId)).toBe(count);
    // Each commit wrote one share and the few nodes its tick touched, the retry included.
    expect(Math.max(...store.rowsPerCommit)).toBeLessThanOrEqual(NODE_ROWS_PER_COMMIT + 5);
  });

  it("starts in slices a template whose loops make it large (its planned nodes are counted)", async () => {
    h = createEngineHarness({ startSliceBudgetMs: 0 });
    let t = buildTemplate();
    const loops = Array.from({ length: 25 }, (_, i) => `L${i}`);
    for (const id of loops) t = t.node(id, { type: "loop", max_iter: SLICED_START_NODES / 20 });
    t = t.chain(...loops);
    const order: string[] = [];
    const stop = h.bus.subscribeAll(({ runId, event }) => {
      if (event.type === "run.started" || event.type === "run.finished") order.push(`${runId} ${event.type}`);
    });
    const big = h.engine.startRunGrouped({ template: t.done() });
    const small = await h.engine.startRunGrouped({ template: checkpointChain(2, "S") });
    await h.engine.settled(small.runId);
    const { runId } = await big;
    stop();
    expect(order.slice(0, 3)).toEqual([
      `${small.runId} run.started`,
      `${small.runId} run.finished`,
      `${runId} run.started`,
    ]);
    expect((await h.engine.settled(runId)).status).toBe("succeeded");
  });

  it("resumes a run whose process stopped before every node row was written: the rest start as planned", async () => {
    h = createEngineHarness();
    const template = checkpointChain(50);
    const planned = planRun(template);
    if (!planned.ok) throw new Error("plan");
    const { plan } = planned;
    const runId = "run-partly-written";
    const state = initialRunState(plan, runId, {});
    const created = { runId, template, plan, state, name: template.name, workspace: `${h.dir}/runs/${runId}` };
    // As if the process stopped after the run's first commit: 10 rows of 50.
    const first = plan.order.slice(0, 10);
    h.store.commit([{ runId, created, state, plan, events: [], touched: first, approvals: [], decisions: new Map() }]);
    expect(rowCount(runId)).toBe(10);
    const loaded = h.store.loadRun(runId)!;
    expect(loaded.unwritten).toEqual(plan.order.slice(10));
    expect(loaded.state.counts.pending).toBe(50);
    const engine = h.restart();
    engine.recoverRuns();
    expect((await engine.settled(runId)).status).toBe("succeeded");
    expect(rowCount(runId)).toBe(50);
  });

  it("stores a large spec deflated and reads the same template and plan back", async () => {
    h = createEngineHarness();
    const template = checkpointChain(12_000);
    const { runId } = await h.engine.startRunGrouped({ template });
    await h.engine.settled(runId);
    const spec = h.db.$client.prepare(`select template_json as t, plan_json as p from run_specs where run_id = ?`);
    const stored = spec.get(runId) as { t: string; p: string };
    expect(stored.t.startsWith("wf-deflate:")).toBe(true);
    expect(stored.p.startsWith("wf-deflate:")).toBe(true);
    const planned = planRun(template);
    if (!planned.ok) throw new Error("plan");
    const loaded = h.store.loadRun(runId)!;
    expect(loaded.template).toEqual(template);
    expect(loaded.plan).toEqual(planned.plan);
    expect(loaded.unwritten).toEqual([]);
  });

  it("refuses a large template with problems, with every diagnostic and nothing stored", async () => {
    h = createEngineHarness({ startSliceBudgetMs: 0 });
    const template = checkpointChain(SLICED_START_NODES + 10);
    template.edges.push({ from: "C3", to: "nowhere" }, { from: "C9", to: "C9" });
    const refused = await h.engine.startRunGrouped({ template }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RunInputError);
    const codes = (refused as RunInputError).diagnostics.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(["WF011", "WF012"]));
    expect(h.db.$client.prepare(`select count(*) as n from runs`).get()).toEqual({ n: 0 });
  });

  it("stores nothing when the engine stops while the start is under way", async () => {
    h = createEngineHarness({ startSliceBudgetMs: 0 });
    const start = h.engine.startRunGrouped({ template: checkpointChain(SLICED_START_NODES) });
    await new Promise<void>((resolve) => setImmediate(resolve));
    h.engine.detach();
    await expect(start).rejects.toThrow(/engine stopped before the run was stored/);
    expect(h.db.$client.prepare(`select count(*) as n from runs`).get()).toEqual({ n: 0 });
  });
});
