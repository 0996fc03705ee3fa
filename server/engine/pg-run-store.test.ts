/**
 * The PostgreSQL run store on a real server: ids handed out by the database (two stores on one run never
 * clash), a commit refused by the server leaves nothing half-written and the engine carries on once the
 * server accepts again — the start it held launches then, once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { planRun } from "@/lib/workflow/run/run-plan";
import { initialRunState } from "@/lib/workflow/run/run-state";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createTestDatabase, type TestDatabase } from "@/server/test-support/test-database";
import { until } from "@/server/test-support/until";
import { RunEngine } from "./orchestrator";
import { PgRunStore } from "./pg-run-store";
import type { RunBatch } from "./run-store";

let database: TestDatabase | undefined;
let dir: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  database = dir = undefined;
});

const template = buildTemplate().node("A").node("B").edge("A", "B").done();

function created(runId: string): RunBatch {
  const planned = planRun(template);
  if (!planned.ok) throw new Error("plan");
  const state = initialRunState(planned.plan, runId, {});
  return {
    runId,
    created: { runId, template, plan: planned.plan, state, name: "t", workspace: "/tmp/x" },
    state,
    plan: planned.plan,
    events: [{ type: "run.started", at: 1 }],
    touched: planned.plan.order,
    approvals: [],
    decisions: new Map(),
  };
}

describe("PgRunStore", () => {
  it("numbers each run's events from the database: two stores on one run continue one sequence", async () => {
    database = await createTestDatabase();
    const one = new PgRunStore(database.pool);
    const two = new PgRunStore(database.pool);
    const first = await one.commit([created("run-1"), created("run-2")]);
    expect([...first.values()].map((events) => events.map((e) => e.id))).toEqual([[1], [1]]);
    const batch = (runId: string, at: number): RunBatch => ({
      ...created(runId),
      created: undefined,
      events: [
        { type: "node.started", at, nodeId: "A" },
        { type: "node.log", at, nodeId: "A", stream: "stdout", text: `at ${at}` },
      ],
    });
    await Promise.all([one.commit([batch("run-1", 2)]), two.commit([batch("run-1", 3), batch("run-2", 3)])]);
    await two.commit([batch("run-1", 4)]);
    const ids = (await one.eventsAfter("run-1", 0)).map((e) => e.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await one.loadRun("run-1"))?.lastEventId).toBe(7);
    expect((await two.eventsAfter("run-2", 0)).map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it("a commit the server refuses writes nothing; the engine retries and launches the held start once", async () => {
    database = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-pg-refuse-"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const engine = new RunEngine({ store: new PgRunStore(database.pool), runsDir: path.join(dir, "runs") });
    const t = buildTemplate()
      .node("A", { args_template: "echo a >> log; while [ ! -f go ]; do sleep 0.02; done" })
      .node("B", { args_template: "echo b >> log" })
      .edge("A", "B")
      .done();
    const { runId } = await engine.startRunGrouped({ template: t });
    const log = path.join(dir, "runs", runId, "log");
    const read = () => Promise.resolve(fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "");
    await until(read, (text) => text.includes("a"));
    // The server refuses every new event from now on (a constraint that holds for no row).
    await database.pool.query(`alter table run_events add constraint refuse check (false) not valid`);
    fs.writeFileSync(path.join(dir, "runs", runId, "go"), "");
    await until(
      () => Promise.resolve(errors.mock.calls.length),
      (n) => n > 0,
    );
    const stored = await database.pool.query<{ status: string; node_id: string }>(
      `select node_id, status from node_runs where run_id = $1 order by node_id`,
      [runId],
    );
    expect(stored.rows.map((r) => [r.node_id, r.status])).toEqual([
      ["A", "running"],
      ["B", "pending"],
    ]);
    expect(await read()).toBe("a\n");
    await database.pool.query(`alter table run_events drop constraint refuse`);
    const state = await engine.settled(runId);
    engine.detach();
    expect(state.status).toBe("succeeded");
    expect(await read()).toBe("a\nb\n");
    const events = await new PgRunStore(database.pool).eventsAfter(runId, 0);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect(
      events.filter((e) => e.event.type === "node.started").map((e) => (e.event as { nodeId: string }).nodeId),
    ).toEqual(["A", "B"]);
    expect(String(errors.mock.calls[0][0])).toContain("could not store the runs' progress");
  });

  it("a large run started in slices: every node row and event stored, its spec deflated and read back", async () => {
    database = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-pg-large-"));
    const store = new PgRunStore(database.pool);
    const engine = new RunEngine({ store, runsDir: path.join(dir, "runs") });
    const count = 12_000;
    let t = buildTemplate();
    for (let i = 1; i <= count; i++) t = t.node(`C${i}`, { type: "checkpoint", auto_continue: true });
    for (let i = 2; i <= count; i++) t = t.edge(`C${i - 1}`, `C${i}`);
    const template = t.with({ checkpoints: Array.from({ length: count }, (_, i) => `C${i + 1}`) }).done();
    const { runId } = await engine.startRunGrouped({ template });
    const rows = async () =>
      (await database!.pool.query<{ n: string }>(`select count(*) as n from node_runs where run_id = $1`, [runId]))
        .rows[0].n;
    const state = await engine.settled(runId);
    engine.detach();
    expect(state.status).toBe("succeeded");
    expect(Number(await rows())).toBe(count);
    const spec = await database.pool.query<{ t: string }>(
      `select template_json as t from run_specs where run_id = $1`,
      [runId],
    );
    expect(spec.rows[0].t.startsWith("wf-deflate:")).toBe(true);
    const loaded = await new PgRunStore(database.pool).loadRun(runId);
    expect(loaded?.template).toEqual(template);
    expect(loaded?.state.counts.done).toBe(count);
    expect(loaded?.unwritten).toEqual([]);
    const events = await store.eventsAfter(runId, 0);
    expect(events.map((e) => e.id)).toEqual(Array.from({ length: 2 + 2 * count }, (_, i) => i + 1));
  });
});
