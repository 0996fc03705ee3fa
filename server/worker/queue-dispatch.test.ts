/**
 * Nodes through the PostgreSQL job queue: an engine that owns the runs (its store enqueues each launched
 * attempt in the commit that starts it) and real `wf worker` processes that run them — outputs flow between
 * nodes run by different workers, a cancel reaches the worker and kills the node's process, SIGTERM drains, a
 * node job delivered again runs nothing, and a worker with nothing to connect to says so in one line.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RunEngine } from "@/server/engine/orchestrator";
import { PgRunStore } from "@/server/engine/pg-run-store";
import { createQueueNodeLauncher } from "@/server/engine/queue-node-launcher";
import { NODE_JOB_TASK } from "@/server/engine/node-jobs";
import { until } from "@/server/test-support/until";
import {
  QueueHarness,
  interrupted,
  killSleepers,
  logText,
  sleepers,
  sleeping,
  sleepingNoMore,
  sleepsOnFirstTry,
  template,
} from "./test-support/queue-harness";

const h = new QueueHarness();
afterEach(() => h.cleanup());

describe("nodes on wf worker processes", () => {
  it("runs a DAG on two workers: outputs flow between them, every node once", async () => {
    const { engine, store, db, runsDir } = await h.owner();
    const [a, b] = await Promise.all([h.startWorker(db), h.startWorker(db)]);
    expect(a.banner).toMatch(/^wf worker \S+: taking nodes from PostgreSQL postgres:\/\/.+\(concurrency 1, drain 30 s/);
    expect(b.banner).not.toBe(a.banner);
    //  A ─┬→ B ─┬→ D
    //     └→ C ─┘
    const node = (id: string, command: string) => ({ id, name: id, type: "shell", args_template: command });
    const t = template({
      template_id: "queue-dag",
      name: "On workers",
      nodes: [
        node("A", "echo A >> ran; printf one"),
        node("B", "echo B >> ran; echo $PPID >> pids; sleep 0.4; printf '%s-b' {A.output}"),
        node("C", "echo C >> ran; echo $PPID >> pids; sleep 0.4; printf '%s-c' {A.output}"),
        node("D", "echo D >> ran; printf '%s+%s' {B.output} {C.output}"),
      ],
      edges: [
        { from: "A", to: "B" },
        { from: "A", to: "C" },
        { from: "B", to: "D" },
        { from: "C", to: "D" },
      ],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.D.output).toBe("one-b+one-c");
    const ran = fs
      .readFileSync(path.join(runsDir, runId, "ran"), "utf8")
      .trim()
      .split("\n")
      .sort();
    expect(ran).toEqual(["A", "B", "C", "D"]);
    // B and C ran at once, so on the two workers (each takes one node at a time).
    const events = await store.eventsAfter(runId, 0);
    const started = (id: string) => events.findIndex((e) => e.event.type === "node.started" && e.event.nodeId === id);
    const ended = (id: string) => events.findIndex((e) => e.event.type === "node.succeeded" && e.event.nodeId === id);
    expect(started("C")).toBeLessThan(ended("B"));
    expect(started("B")).toBeLessThan(ended("C"));
    expect(h.launcher!.waiting()).toBe(0);
  });

  it("a cancel reaches the worker: the node's process is killed, the run ends cancelled", async () => {
    const { engine, db, runsDir } = await h.owner();
    await h.startWorker(db);
    // A sleep no other process has: the host sees it whatever pid namespace the sandbox gives it.
    const marker = `61.${process.pid}`;
    const t = template({
      template_id: "queue-cancel",
      name: "Long",
      nodes: [{ id: "L", name: "L", type: "shell", args_template: `sleep ${marker}; echo late > late` }],
      edges: [],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    await sleeping(marker);
    await engine.cancel(runId);
    expect((await engine.settled(runId)).status).toBe("cancelled");
    await sleepingNoMore(marker);
    expect(fs.existsSync(path.join(runsDir, runId, "late"))).toBe(false);
  });

  it("after a cancel, retrying the node runs it again (the same attempt number, a new launch: not cancelled again)", async () => {
    const { engine, db, runsDir } = await h.owner();
    await h.startWorker(db);
    const marker = `64.${process.pid}`;
    const t = template({
      template_id: "queue-retry",
      name: "Retry after cancel",
      nodes: [{ id: "R", name: "R", type: "shell", args_template: sleepsOnFirstTry(marker) }],
      edges: [],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    await sleeping(marker);
    await engine.cancel(runId);
    expect((await engine.settled(runId)).status).toBe("cancelled");
    await sleepingNoMore(marker);
    await engine.retryFailed(runId);
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.R).toMatchObject({ status: "done", attempts: 1, output: "try-2" });
    expect(fs.readFileSync(path.join(runsDir, runId, "tries"), "utf8")).toBe("go\ngo\n");
  });

  it("a SIGKILLed worker's node is interrupted and retried on another worker; nothing done runs again", async () => {
    const { engine, store, db, runsDir } = await h.owner();
    const first = await h.startWorker(db);
    const marker = `62.${process.pid}`;
    const t = template({
      template_id: "queue-lost",
      name: "Lost worker",
      nodes: [
        { id: "P", name: "P", type: "shell", args_template: "echo P >> ran" },
        {
          id: "K",
          name: "K",
          type: "shell",
          retries: 1,
          args_template: `echo K >> ran; if [ ! -f once ]; then touch once; sleep ${marker}; fi; printf second`,
        },
      ],
      edges: [{ from: "P", to: "K" }],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    await sleeping(marker);
    first.child.kill("SIGKILL");
    await first.exited;
    await h.startWorker(db);
    const state = await engine.settled(runId);
    killSleepers(marker);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.K).toMatchObject({ status: "done", attempts: 2, output: "second" });
    expect(fs.readFileSync(path.join(runsDir, runId, "ran"), "utf8")).toBe("P\nK\nK\n");
    const logs = await logText(store, runId);
    expect(logs).toMatch(/worker \S+ stopped answering \(no heartbeat for \d+ s\); the attempt is interrupted/);
  });

  it("an owner that restarts runs the interrupted node again, and the old launch still on a worker is stopped", async () => {
    const first = await h.owner();
    await h.startWorker(first.db);
    const marker = `65.${process.pid}`;
    const t = template({
      template_id: "queue-owner-restart",
      name: "Owner restart",
      nodes: [{ id: "O", name: "O", type: "shell", retries: 1, args_template: sleepsOnFirstTry(marker) }],
      edges: [],
    });
    const { runId } = await first.engine.startRunGrouped({ template: t });
    await sleeping(marker);
    // The owner goes away (its engine and answers stop); another engine with the same name takes the run up.
    first.engine.detach();
    await h.launcher!.stop();
    h.launcher = createQueueNodeLauncher({ pool: first.db.pool, owner: "owner-test", lostMs: 1000, log: () => {} });
    await h.launcher.start();
    const store = new PgRunStore(first.db.pool, { nodeJobs: { owner: h.launcher.owner } });
    const engine = (h.engine = new RunEngine({ store, runsDir: first.runsDir, launchNode: h.launcher.launch }));
    await engine.recoverRuns();
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.O).toMatchObject({ status: "done", attempts: 2, output: "try-2" });
    expect(sleepers(marker)).toBe(0);
    expect(fs.readFileSync(path.join(first.runsDir, runId, "tries"), "utf8")).toBe("go\ngo\n");
  });

  it("a run cancelled before any worker took its node ends at once, its slot given back", async () => {
    const { engine } = await h.owner();
    const t = template({
      template_id: "queue-no-worker",
      name: "Nobody there",
      nodes: [{ id: "Q", name: "Q", type: "shell", args_template: "true" }],
      edges: [],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    // Launched once the commit holding its job is stored.
    await until(
      () => Promise.resolve(h.launcher!.waiting()),
      (n) => n === 1,
    );
    await engine.cancel(runId);
    expect((await engine.settled(runId)).status).toBe("cancelled");
    expect(h.launcher!.waiting()).toBe(0);
  });

  it("a node job that ends without an answer (failed in the queue) is interrupted and retried", async () => {
    const { engine, store, db } = await h.owner();
    const t = template({
      template_id: "queue-job-failed",
      name: "Job failed",
      nodes: [{ id: "F", name: "F", type: "shell", retries: 1, args_template: "printf ran" }],
      edges: [],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    // No worker yet: the job waits; then the queue gives up on it (as when a worker cannot read the run).
    await db.pool.query(
      `select graphile_worker.permanently_fail_jobs(array(select id from graphile_worker.jobs where key = $1), 'test')`,
      [`${runId}:F:1`],
    );
    await interrupted(store, runId);
    await h.startWorker(db);
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.F).toMatchObject({ status: "done", attempts: 2, output: "ran" });
    const logs = await logText(store, runId);
    expect(logs).toContain("its job ended without an answer; the attempt is interrupted");
  });

  it("SIGTERM drains: the running node finishes and is recorded, then the worker exits 0", async () => {
    const { engine, db, runsDir } = await h.owner();
    const w = await h.startWorker(db);
    const t = template({
      template_id: "queue-drain",
      name: "Drain",
      nodes: [{ id: "S", name: "S", type: "shell", args_template: "touch began; sleep 0.5; printf finished" }],
      edges: [],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    await until(() => Promise.resolve(fs.existsSync(path.join(runsDir, runId, "began"))), Boolean);
    w.child.kill("SIGTERM");
    expect(await w.exited).toBe(0);
    expect(w.stderr()).toMatch(/draining — no new nodes; 1 running get up to 30 s[\s\S]*stopped/);
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.S.output).toBe("finished");
  });

  it("a drain that runs out hands the node back: interrupted, then run again on another worker", async () => {
    const { engine, store, db } = await h.owner();
    const w = await h.startWorker(db, 1, 0);
    const marker = `66.${process.pid}`;
    const t = template({
      template_id: "queue-drain-out",
      name: "Drain runs out",
      nodes: [{ id: "H", name: "H", type: "shell", retries: 1, args_template: sleepsOnFirstTry(marker) }],
      edges: [],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    await sleeping(marker);
    w.child.kill("SIGTERM");
    expect(await w.exited).toBe(0);
    await interrupted(store, runId);
    await h.startWorker(db);
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.H).toMatchObject({ status: "done", attempts: 2, output: "try-2" });
    const logs = await logText(store, runId);
    expect(logs).toMatch(/stopped before this node ended \(drain of 0 s\); the attempt is handed back/);
  });

  it("a node job delivered again after its answer runs nothing", async () => {
    const { engine, store, db, runsDir } = await h.owner();
    await h.startWorker(db);
    const t = template({
      template_id: "queue-once",
      name: "Once",
      nodes: [
        { id: "X", name: "X", type: "shell", args_template: "echo x >> ran" },
        { id: "Y", name: "Y", type: "shell", args_template: "echo y >> ran" },
      ],
      edges: [{ from: "X", to: "Y" }],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    expect((await engine.settled(runId)).status).toBe("succeeded");
    const before = (await store.eventsAfter(runId, 0)).length;
    // X's job again, as a queue could deliver it; then a job after it that shows the worker took the first.
    const again = { runId, nodeId: "X", attempt: 1, launch: "an-old-launch", owner: h.launcher!.owner };
    await db.pool.query(`select graphile_worker.add_job($1, $2::json)`, [NODE_JOB_TASK, JSON.stringify(again)]);
    await until(
      () => db.pool.query(`select count(*)::int as n from graphile_worker.jobs`).then((r) => r.rows[0].n as number),
      (n) => n === 0,
    );
    expect(fs.readFileSync(path.join(runsDir, runId, "ran"), "utf8")).toBe("x\ny\n");
    expect(await store.eventsAfter(runId, 0)).toHaveLength(before);
  });

  it("a long node's log lines reach the run while it runs, then the rest: in order, each once", async () => {
    const { engine, store, db, runsDir } = await h.owner();
    await h.startWorker(db);
    const t = template({
      template_id: "queue-live-log",
      name: "Lines as they come",
      nodes: [
        {
          id: "L",
          name: "L",
          type: "shell",
          args_template:
            "echo early; until [ -f go ]; do sleep 0.05; done; for i in $(seq 1 30); do echo n$i; sleep 0.02; done; printf done",
        },
      ],
      edges: [],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    // The first line is in the run's events while the node still waits for `go`.
    await until(
      () => logText(store, runId),
      (text) => text === "early\n",
    );
    expect((await store.loadRun(runId))!.state.nodes.L.status).toBe("running");
    fs.writeFileSync(path.join(runsDir, runId, "go"), "");
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.L.output).toBe(
      ["early", ...Array.from({ length: 30 }, (_, i) => `n${i + 1}`), "done"].join("\n"),
    );
    const lines = (await logText(store, runId)).split("\n").filter(Boolean);
    expect(lines).toEqual(["early", ...Array.from({ length: 30 }, (_, i) => `n${i + 1}`), "done"]);
    await until(
      () => db.pool.query(`select count(*)::int as n from graphile_worker.jobs`).then((r) => r.rows[0].n as number),
      (n) => n === 0,
    );
  });

  it("without WF_DATABASE_URL, or with one that refuses, wf worker says so in one line", async () => {
    const none = await h.wf(["worker"], { WF_DATA_DIR: os.tmpdir() });
    expect(await none.exited).toBe(2);
    expect(none.stderr().trim()).toBe(
      "wf: wf worker takes its nodes from the PostgreSQL job queue: set WF_DATABASE_URL=postgres://user:password@host:port/database",
    );
    const refused = await h.wf(["worker"], { WF_DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/none" });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr().trim().split("\n")).toHaveLength(1);
    expect(refused.stderr()).toContain("postgres://nobody:***@127.0.0.1:1/none");
    expect(refused.stderr()).not.toContain("secret");
    const usage = await h.wf(["worker", "--concurrency", "0"], {});
    expect(await usage.exited).toBe(2);
    expect(usage.stderr()).toContain("--concurrency expects a whole number ≥ 1");
  });
});
