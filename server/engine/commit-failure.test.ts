/**
 * A commit that throws mid-tick (a SQLite trigger raising inside the real store's transaction, as a full
 * disk or a lost lock would) undoes the tick's picks: no node is left `running` in memory, no process is
 * started, no slot is lost, the stored state stays the last committed one; once the store works again the
 * engine commits what it kept, the run goes on from there and finishes, each node run once, event ids
 * without a gap. The engine stays usable for other runs.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { FakeClock } from "@/server/test-support/fake-clock";
import type { RunBatch, StoredEvent } from "./run-store";
import { SqliteRunStore } from "./sqlite-run-store";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.engine.detach();
  h?.close();
  h = undefined;
});

/** The real store; `failed` resolves at each commit that throws (to wait on, not to decide anything). */
class WatchedStore extends SqliteRunStore {
  private failures: ((err: unknown) => void)[] = [];
  nextFailure(): Promise<unknown> {
    return new Promise((resolve) => this.failures.push(resolve));
  }
  override commit(batches: RunBatch[]): Map<string, StoredEvent[]> {
    try {
      return super.commit(batches);
    } catch (err) {
      for (const f of this.failures.splice(0)) f(err);
      throw err;
    }
  }
}

describe("a commit that throws mid-tick", () => {
  it("undoes the tick's picks; the run continues from its last committed state once the store works again", async () => {
    //  A → B ;  A → C ;  B, C → D   (one slot in the whole engine: a lost slot would stop everything)
    const clock = new FakeClock();
    h = createEngineHarness({ clock, concurrency: { global: 1 } });
    const store = new WatchedStore(h.db);
    const engine = h.restart({ store });
    const t = buildTemplate()
      .node("A", { args_template: "touch a-ran" })
      .node("B", { args_template: "touch b-ran" })
      .node("C", { args_template: "touch c-ran" })
      .node("D", { args_template: "touch d-ran" })
      .chain("A", "B", "D")
      .chain("A", "C", "D")
      .done();
    // The store refuses the commit that would start B (and carries A's success).
    h.db.$client.exec(`create trigger refuse_b before insert on run_events
      when new.type = 'node.started' and new.node_id = 'B'
      begin select raise(abort, 'injected: database or disk is full'); end`);
    const failure = store.nextFailure();
    const { runId } = engine.startRun({ template: t });
    expect(String(await failure)).toContain("disk is full");

    const ws = path.join(h.dir, "runs", runId);
    const live = engine.getState(runId)!;
    expect([live.nodes.A.status, live.nodes.B.status, live.nodes.C.status]).toEqual(["done", "ready", "ready"]);
    expect(live.counts.running).toBe(0);
    expect(live.nodes.B.attempts).toBe(0);
    expect(fs.existsSync(path.join(ws, "b-ran"))).toBe(false);
    // The store holds the last committed state: A still running, B never started.
    const stored = h.store.loadRun(runId)!;
    expect([stored.state.nodes.A.status, stored.state.nodes.B.status]).toEqual(["running", "pending"]);

    // Still refused on the next try: nothing changes.
    const again = store.nextFailure();
    clock.advance(100);
    await again;
    expect(engine.getState(runId)!.counts.running).toBe(0);
    expect(fs.existsSync(path.join(ws, "b-ran"))).toBe(false);

    // The store works again: the engine's next try commits, and the run finishes.
    h.db.$client.exec(`drop trigger refuse_b`);
    clock.advance(200);
    const done = await engine.settled(runId);
    expect(done.status).toBe("succeeded");
    expect(["A", "B", "C", "D"].map((id) => [done.nodes[id].status, done.nodes[id].attempts])).toEqual([
      ["done", 1],
      ["done", 1],
      ["done", 1],
      ["done", 1],
    ]);
    for (const f of ["a-ran", "b-ran", "c-ran", "d-ran"]) expect(fs.existsSync(path.join(ws, f))).toBe(true);
    const ids = h.store.eventsAfter(runId, 0).map((e) => e.id);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    expect(h.store.loadRun(runId)!.state.status).toBe("succeeded");

    // The engine is usable: another run gets the one slot.
    const next = engine.startRun({ template: buildTemplate().node("E", { args_template: "echo again" }).done() });
    expect((await engine.settled(next.runId)).nodes.E.output).toBe("again");
  });

  it("a run started while the store refuses is not stored, and nothing of it stays in memory", async () => {
    h = createEngineHarness();
    h.db.$client.exec(`create trigger refuse_all before insert on runs
      begin select raise(abort, 'injected: database is locked'); end`);
    const t = buildTemplate().node("A", { args_template: "touch ran" }).done();
    expect(() => h!.engine.startRun({ template: t })).toThrow(/database is locked/);
    expect(h.engine.activeRunCount).toBe(0);
    h.db.$client.exec(`drop trigger refuse_all`);
    const { runId } = h.engine.startRun({ template: t });
    expect((await h.engine.settled(runId)).status).toBe("succeeded");
  });
});
