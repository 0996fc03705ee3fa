/**
 * The database away for seconds (#22): every connection of the owner and the worker cut and new ones refused while
 * a node runs on the worker, then let in again. A run started meanwhile is refused and leaves nothing behind;
 * everyone reconnects and carries on: the node that finished during the outage is answered once it is back (not
 * lost, not run again), the next node runs, every event is stored without a gap, no node stays running.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { testPostgresUrl } from "@/server/test-support/test-database";
import { until } from "@/server/test-support/until";
import { QueueHarness, template } from "./test-support/queue-harness";

const h = new QueueHarness();
afterEach(() => h.cleanup());

/** On the server's maintenance database: refuse (or allow again) connections to `name`, cutting those it has. */
async function cutDatabase(name: string, cut: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: await testPostgresUrl() });
  await admin.connect();
  try {
    await admin.query(`alter database ${name} with allow_connections ${cut ? "false" : "true"}`);
    if (cut) await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
  } finally {
    await admin.end();
  }
}

const refusals = (pool: pg.Pool) =>
  pool.query("select 1").then(
    () => 0,
    () => 1,
  );

describe("the database away for seconds", () => {
  it("owner and worker reconnect: the node that ended meanwhile is answered once, the run carries on", async () => {
    const { engine, store, db, runsDir } = await h.owner();
    const worker = await h.startWorker(db);
    const name = new URL(db.url).pathname.slice(1);
    const t = template({
      template_id: "db-outage",
      name: "Outage",
      nodes: [
        // Waits for the test's go (a file in its workspace), then ends while the database is away.
        {
          id: "A",
          name: "A",
          type: "shell",
          args_template: "echo A >> ran; while [ ! -f go ]; do sleep 0.05; done; echo A-end >> ran; printf a",
        },
        { id: "B", name: "B", type: "shell", args_template: "echo B >> ran; printf '%s-b' {A.output}" },
      ],
      edges: [{ from: "A", to: "B" }],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    const workspace = path.join(runsDir, runId);
    const ran = () =>
      fs.existsSync(path.join(workspace, "ran")) ? fs.readFileSync(path.join(workspace, "ran"), "utf8") : "";
    await until(
      () => Promise.resolve(ran()),
      (text) => text === "A\n",
    );
    await cutDatabase(name, true);
    // The owner's own pool is refused too (so the outage is real for everyone), then A ends on the worker.
    expect(await refusals(db.pool)).toBe(1);
    // A run started now is refused (its commit cannot be written), and nothing of it is left behind.
    const refused = template({
      template_id: "db-outage-new",
      name: "New",
      nodes: [{ id: "N", name: "N", type: "shell", args_template: "true" }],
      edges: [],
    });
    await expect(engine.startRunGrouped({ template: refused })).rejects.toThrow(/not currently accepting connections/);
    fs.writeFileSync(path.join(workspace, "go"), "");
    await until(
      () => Promise.resolve(ran()),
      (text) => text === "A\nA-end\n",
    );
    // A finished while nobody can write: its answer waits in the worker, which goes on beating for it. The
    // database stays away for 12 of its failed beats (a beat each third of WF_WORKER_LOST_S = 1 s: ~4 s, longer
    // than the owner's limit for a silent worker), then comes back.
    const failedBeats = () => worker.stderr().split("a heartbeat was not sent").length - 1;
    await until(
      () => Promise.resolve(failedBeats()),
      (n) => n >= 12,
    );
    await cutDatabase(name, false);
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.A).toMatchObject({ status: "done", attempts: 1, output: "a" });
    expect(state.nodes.B.output).toBe("a-b");
    expect(ran()).toBe("A\nA-end\nB\n");
    const events = await store.eventsAfter(runId, 0);
    expect(events.every((e, i) => e.id === i + 1)).toBe(true);
    expect(events.filter((e) => e.event.type === "node.interrupted")).toEqual([]);
    const running = await db.pool.query(`select count(*)::int as n from node_runs where status = 'running'`);
    expect(running.rows[0].n).toBe(0);
    const runs = await db.pool.query(`select id from runs`);
    expect(runs.rows).toEqual([{ id: runId }]);
  });
});
