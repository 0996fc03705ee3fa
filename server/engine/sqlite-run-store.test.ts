import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";

let h: EngineHarness | undefined;
afterEach(() => h?.close());

const checkpoints = () =>
  buildTemplate()
    .node("A", { type: "checkpoint", auto_continue: true })
    .node("B", { type: "checkpoint", auto_continue: true })
    .edge("A", "B")
    .with({ checkpoints: ["A", "B"] })
    .done();

describe("SqliteRunStore", () => {
  it("keeps a run's template and plan in run_specs, out of the runs row the ticks rewrite", async () => {
    h = createEngineHarness();
    const template = checkpoints();
    const { runId } = h.engine.startRun({ template });
    // Stored by the time startRun returns (the first tick's commit).
    expect(h.db.$client.prepare(`select status from runs where id = ?`).get(runId)).toBeDefined();
    expect((await h.engine.settled(runId)).status).toBe("succeeded");
    const row = h.db.$client.prepare(`select template_json, plan_json from runs where id = ?`).get(runId);
    expect(row).toEqual({ template_json: "", plan_json: "{}" });
    const loaded = h.store.loadRun(runId)!;
    expect(loaded.template).toEqual(template);
    expect(loaded.plan.order).toEqual(["A", "B"]);
  });

  it("loads a run stored before run_specs existed from its runs row", async () => {
    h = createEngineHarness();
    const { runId } = h.engine.startRun({ template: checkpoints() });
    await h.engine.settled(runId);
    const sqlite = h.db.$client;
    sqlite
      .prepare(
        `update runs set template_json = (select template_json from run_specs where run_id = ?),
         plan_json = (select plan_json from run_specs where run_id = ?) where id = ?`,
      )
      .run(runId, runId, runId);
    sqlite.prepare(`delete from run_specs where run_id = ?`).run(runId);
    const loaded = h.store.loadRun(runId)!;
    expect(loaded.template.nodes.map((n) => n.id)).toEqual(["A", "B"]);
    expect(loaded.state.status).toBe("succeeded");
  });

  it("makes the workspace folder only when a node that may touch files starts", async () => {
    h = createEngineHarness();
    const quiet = h.engine.startRun({ template: checkpoints() });
    const shell = h.engine.startRun({ template: buildTemplate().node("A").done() });
    await h.engine.settled(quiet.runId);
    expect((await h.engine.settled(shell.runId)).status).toBe("succeeded");
    expect(fs.existsSync(h.store.loadRun(quiet.runId)!.workspace)).toBe(false);
    expect(fs.existsSync(h.store.loadRun(shell.runId)!.workspace)).toBe(true);
  });
});
