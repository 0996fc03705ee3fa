/**
 * Recovery at start with runs it cannot read: a secret sealed with another key (it no longer decrypts),
 * a stored template that no longer parses, a node row with bad JSON. Each is marked failed in the store
 * with the reason (status, error, a `run.finished` event, its approval closed) and skipped; the healthy
 * run resumes and finishes.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { selectApprovalRows } from "@/server/db/approval-reads";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createSecretVault } from "@/server/secrets/secret-store";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.engine.detach();
  h?.close();
  h = undefined;
});

//  A → H (human)
const waiting = (command: string) =>
  buildTemplate()
    .node("A", { args_template: command })
    .node("H", { type: "human", prompt: "go on?" })
    .chain("A", "H")
    .done();

describe("recoverRuns with unreadable runs", () => {
  it("marks each unreadable run failed with its reason and resumes the others", async () => {
    const first = randomBytes(32);
    h = createEngineHarness();
    const vault = createSecretVault(sqliteSql(h.db), () => first);
    await vault.set("TOKEN", "s3cret");
    const engine = h.restart({ secretSource: (names) => vault.readValues(names) });
    const start = async (command: string) => {
      const { runId } = engine.startRun({ template: waiting(command) });
      expect((await engine.settled(runId)).status).toBe("waiting");
      return runId;
    };
    const healthy = await start("echo fine");
    const secret = await start("echo {secrets.TOKEN} > /dev/null");
    const badTemplate = await start("echo template");
    const badRow = await start("echo row");
    engine.detach();
    const sql = h.db.$client;
    sql.prepare(`update run_specs set template_json = '{"nodes": 5}' where run_id = ?`).run(badTemplate);
    sql.prepare(`update node_runs set state = '{not json' where run_id = ? and node_id = 'H'`).run(badRow);

    // Restarted with another key: TOKEN no longer decrypts.
    const other = createSecretVault(sqliteSql(h.db), () => randomBytes(32));
    await other.refresh();
    const restarted = h.restart({ secretSource: (names) => other.readValues(names) });
    const { resumed, invalid } = restarted.recoverRuns();
    expect(resumed).toEqual([healthy]);
    expect(invalid.map((e) => e.runId).sort()).toEqual([secret, badTemplate, badRow].sort());
    for (const e of invalid) expect(e.diagnostics.map((d) => d.code)).toContain("RUN035");

    for (const runId of [secret, badTemplate, badRow]) {
      const row = sql.prepare(`select status, error, finished_at from runs where id = ?`).get(runId) as {
        status: string;
        error: string;
        finished_at: number | null;
      };
      expect(row.status).toBe("failed");
      expect(row.error).toContain("could not be read at start");
      expect(row.finished_at).not.toBeNull();
      const last = h.store.eventsAfter(runId, 0).at(-1)!;
      expect(last.event).toMatchObject({ type: "run.finished", status: "failed" });
      expect((await selectApprovalRows(sqliteSql(h.db), undefined, runId)).map((a) => a.status)).toEqual(["cancelled"]);
    }
    expect(sql.prepare(`select error from runs where id = ?`).get(badTemplate)).toMatchObject({
      error: expect.stringContaining("no longer parses"),
    });

    // The healthy run is waiting again and goes on when decided.
    const [approval] = await selectApprovalRows(sqliteSql(h.db), "pending");
    expect(approval.runId).toBe(healthy);
    restarted.decide(approval.id, { decision: "approve", by: "ann@x" });
    expect((await restarted.settled(healthy)).status).toBe("succeeded");
    // A second start does not look at the failed runs again.
    expect(h.restart().recoverRuns()).toEqual({ resumed: [], invalid: [] });
  });
});
