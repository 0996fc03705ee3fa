import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { RunInputError } from "./engine-errors";
import type { RunBatch, StoredEvent } from "./run-store";
import { SqliteRunStore } from "./sqlite-run-store";

let h: EngineHarness | undefined;
afterEach(() => h?.close());

/** The real store, remembering which runs each transaction carried. */
class RecordingStore extends SqliteRunStore {
  commits: string[][] = [];
  override commit(batches: RunBatch[]): Map<string, StoredEvent[]> {
    const stored = super.commit(batches);
    this.commits.push(batches.map((b) => b.runId));
    return stored;
  }
}

/** A chain of auto-continuing checkpoints: no process, so only the engine and the store are at work. */
function checkpointChain(length = 3) {
  const ids = Array.from({ length }, (_, i) => `C${i + 1}`);
  let t = buildTemplate();
  for (const id of ids) t = t.node(id, { type: "checkpoint", auto_continue: true });
  for (let i = 1; i < length; i++) t = t.edge(ids[i - 1], ids[i]);
  return t.with({ checkpoints: ids }).done();
}

describe("grouped commits (startRunGrouped)", () => {
  it("stores runs started in one turn in one transaction and publishes no event before its commit", async () => {
    h = createEngineHarness();
    const store = new RecordingStore(h.db);
    const engine = h.restart({ store });
    // Another connection sees a row only once its transaction is committed.
    const reader = new Database(path.join(h.dir, "wf.db"), { readonly: true });
    const visible = reader.prepare(`select 1 from run_events where run_id = ? and id = ?`);
    const published: StoredEvent[] = [];
    const uncommitted: string[] = [];
    const stop = h.bus.subscribeAll((e) => {
      published.push(e);
      if (!visible.get(e.runId, e.id)) uncommitted.push(`${e.runId}#${e.id} ${e.event.type}`);
    });
    try {
      const starts = [
        engine.startRunGrouped({ template: checkpointChain() }),
        engine.startRunGrouped({ template: checkpointChain() }),
      ];
      // Nothing is stored or published before the turn ends.
      expect(store.commits).toEqual([]);
      expect(published).toEqual([]);
      const [a, b] = await Promise.all(starts);
      expect(store.commits[0]).toEqual([a.runId, b.runId]);
      // Resolved only after the commit: both rows are there for anyone.
      const runRow = reader.prepare(`select status, started_by from runs where id = ?`);
      expect(runRow.get(a.runId)).toBeDefined();
      expect(runRow.get(b.runId)).toBeDefined();
      expect((await engine.settled(a.runId)).status).toBe("succeeded");
      expect((await engine.settled(b.runId)).status).toBe("succeeded");
      // Their later ticks were shared too: every commit after the first carried both runs.
      expect(store.commits.every((runs) => runs.length === 2)).toBe(true);
      expect(published.length).toBeGreaterThan(0);
      expect(uncommitted).toEqual([]);
    } finally {
      stop();
      reader.close();
    }
  });

  it("gives the same events as a synchronous start, and writes who started the run with its row", async () => {
    h = createEngineHarness();
    const sync = h.engine.startRun({ template: checkpointChain() });
    const grouped = await h.engine.startRunGrouped({
      template: checkpointChain(),
      startedBy: { userId: "usr_1", email: "ann@example.com" },
    });
    await h.engine.settled(sync.runId);
    await h.engine.settled(grouped.runId);
    const shape = (runId: string) =>
      h!.store.eventsAfter(runId, 0).map((e) => [e.id, e.event.type, "nodeId" in e.event ? e.event.nodeId : null]);
    expect(shape(grouped.runId)).toEqual(shape(sync.runId));
    const startedBy = (runId: string) =>
      (h!.db.$client.prepare(`select started_by as s from runs where id = ?`).get(runId) as { s: string | null }).s;
    expect(JSON.parse(startedBy(grouped.runId)!)).toEqual({ userId: "usr_1", email: "ann@example.com" });
    expect(startedBy(sync.runId)).toBeNull();
  });

  it("rejects an invalid start with nothing stored, and a failed commit with nothing stored or launched", async () => {
    h = createEngineHarness();
    const bad = buildTemplate()
      .node("A")
      .with({ context_schema: { env: { type: "string", required: true } } })
      .done();
    await expect(h.engine.startRunGrouped({ template: bad })).rejects.toBeInstanceOf(RunInputError);
    const first = await h.engine.startRunGrouped({ template: checkpointChain() });
    await h.engine.settled(first.runId);
    // The same run id again: the runs row's primary key refuses it inside the commit.
    await expect(h.engine.startRunGrouped({ template: checkpointChain(), runId: first.runId })).rejects.toThrow(
      /UNIQUE|PRIMARY/,
    );
    expect(h.engine.activeRunCount).toBe(0);
    const count = h.db.$client.prepare(`select count(*) as n from runs`).get() as { n: number };
    expect(count.n).toBe(1);
    // The engine still works, and its slots were given back.
    const next = await h.engine.startRunGrouped({ template: checkpointChain() });
    expect((await h.engine.settled(next.runId)).status).toBe("succeeded");
  });
});
