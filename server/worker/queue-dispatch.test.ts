/**
 * Nodes through the PostgreSQL job queue: an engine that owns the runs (its store enqueues each launched
 * attempt in the commit that starts it) and real `wf worker` processes that run them — outputs flow between
 * nodes run by different workers, a cancel reaches the worker and kills the node's process, SIGTERM drains, a
 * node job delivered again runs nothing, and a worker with nothing to connect to says so in one line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { RunEngine } from "@/server/engine/orchestrator";
import { PgRunStore } from "@/server/engine/pg-run-store";
import { createQueueNodeLauncher, type QueueNodeLauncher } from "@/server/engine/queue-node-launcher";
import { NODE_JOB_TASK } from "@/server/engine/node-jobs";
import type { Template } from "@/lib/workflow/model/template-schema";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { createTestDatabase, type TestDatabase } from "@/server/test-support/test-database";
import { until } from "@/server/test-support/until";

const ROOT = path.join(import.meta.dirname, "../..");

let database: TestDatabase | undefined;
let dir: string | undefined;
let launcher: QueueNodeLauncher | undefined;
let engine: RunEngine<PgRunStore> | undefined;
const workers: ChildProcess[] = [];
afterEach(async () => {
  const alive = workers.filter((w) => w.exitCode === null && w.signalCode === null);
  for (const w of alive) w.kill("SIGKILL");
  await Promise.all(alive.map((w) => new Promise((r) => w.once("exit", r))));
  workers.length = 0;
  engine?.detach();
  await launcher?.stop();
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  database = dir = launcher = engine = undefined;
});

function template(raw: unknown): Template {
  const parsed = parseTemplate(raw);
  if (!parsed.ok) throw new Error(parsed.diagnostics.map((d) => d.message).join("; "));
  return parsed.template;
}

/** A database, a data folder, and an engine that owns runs whose nodes go to the queue. */
async function owner(): Promise<{
  engine: RunEngine<PgRunStore>;
  store: PgRunStore;
  db: TestDatabase;
  runsDir: string;
}> {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-queue-"));
  launcher = createQueueNodeLauncher({ pool: database.pool, owner: "owner-test", lostMs: 1000, log: () => {} });
  await launcher.start();
  const runsDir = path.join(dir, "runs");
  const store = new PgRunStore(database.pool, { nodeJobs: { owner: launcher.owner } });
  engine = new RunEngine({ store, runsDir, launchNode: launcher.launch });
  return { engine, store, db: database, runsDir };
}

interface Worker {
  child: ChildProcess;
  /** Its first stdout line (id and database). */
  banner: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function wf(args: string[], env: Record<string, string>): Worker | Promise<Worker> {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/wf.cjs"), ...args], {
    cwd: ROOT,
    env: { ...process.env, WF_DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  workers.push(child);
  let err = "";
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return new Promise((resolve) => {
    const lines = readline.createInterface({ input: child.stdout! });
    const done = (banner: string) => resolve({ child, banner, stderr: () => err, exited });
    lines.once("line", done);
    child.once("exit", () => done(""));
  });
}

// Workers beat every third of WF_WORKER_LOST_S; the owner above gives up on one after the same second.
const startWorker = (db: TestDatabase, concurrency = 1, drainS = 30) =>
  wf(["worker", "--concurrency", String(concurrency), "--drain-s", String(drainS)], {
    WF_DATABASE_URL: db.url,
    WF_DATA_DIR: dir!,
    WF_WORKER_LOST_S: "1",
  });

/**
 * A node command whose first try sleeps (`sleep <marker>`, until it is stopped) and whose later tries print
 * `try-<n>`; each try appends a line to the workspace's `tries`.
 */
const sleepsOnFirstTry = (marker: string) =>
  `echo go >> tries; n=$(wc -l < tries); if [ "$n" = 1 ]; then sleep ${marker}; fi; printf "try-$n"`;

/** Until the run has an interrupted node. */
const interrupted = (store: PgRunStore, runId: string) =>
  until(
    () => store.eventsAfter(runId, 0),
    (events) => events.some((e) => e.event.type === "node.interrupted"),
  );

/** The run's node logs, all streams, as one text. */
const logText = async (store: PgRunStore, runId: string) =>
  (await store.eventsAfter(runId, 0)).flatMap((e) => (e.event.type === "node.log" ? [e.event.text] : [])).join("");

/** Until a `sleep <marker>` runs on this host / until none does. */
const sleeping = (marker: string) =>
  until(
    () => Promise.resolve(sleepers(marker)),
    (n) => n > 0,
  );
const sleepingNoMore = (marker: string) =>
  until(
    () => Promise.resolve(sleepers(marker)),
    (n) => n === 0,
  );

/** Processes on this host whose command line is `sleep <marker>`. */
function sleepers(marker: string): number {
  return sleeperPids(marker).length;
}

/** A SIGKILLed worker's node processes may outlive it (no reaper): the test ends them. */
function killSleepers(marker: string): void {
  for (const pid of sleeperPids(marker)) process.kill(pid, "SIGKILL");
}

function sleeperPids(marker: string): number[] {
  const out: number[] = [];
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim() === `sleep ${marker}`)
        out.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

describe("nodes on wf worker processes", () => {
  it("runs a DAG on two workers: outputs flow between them, every node once", async () => {
    const { engine, store, db, runsDir } = await owner();
    const [a, b] = await Promise.all([startWorker(db), startWorker(db)]);
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
    expect(launcher!.waiting()).toBe(0);
  });

  it("a cancel reaches the worker: the node's process is killed, the run ends cancelled", async () => {
    const { engine, db, runsDir } = await owner();
    await startWorker(db);
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
    const { engine, db, runsDir } = await owner();
    await startWorker(db);
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
    const { engine, store, db, runsDir } = await owner();
    const first = await startWorker(db);
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
    await startWorker(db);
    const state = await engine.settled(runId);
    killSleepers(marker);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.K).toMatchObject({ status: "done", attempts: 2, output: "second" });
    expect(fs.readFileSync(path.join(runsDir, runId, "ran"), "utf8")).toBe("P\nK\nK\n");
    const logs = await logText(store, runId);
    expect(logs).toMatch(/worker \S+ stopped answering \(no heartbeat for \d+ s\); the attempt is interrupted/);
  });

  it("an owner that restarts runs the interrupted node again, and the old launch still on a worker is stopped", async () => {
    const first = await owner();
    await startWorker(first.db);
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
    await launcher!.stop();
    launcher = createQueueNodeLauncher({ pool: first.db.pool, owner: "owner-test", lostMs: 1000, log: () => {} });
    await launcher.start();
    const store = new PgRunStore(first.db.pool, { nodeJobs: { owner: launcher.owner } });
    engine = new RunEngine({ store, runsDir: first.runsDir, launchNode: launcher.launch });
    await engine.recoverRuns();
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.O).toMatchObject({ status: "done", attempts: 2, output: "try-2" });
    expect(sleepers(marker)).toBe(0);
    expect(fs.readFileSync(path.join(first.runsDir, runId, "tries"), "utf8")).toBe("go\ngo\n");
  });

  it("a run cancelled before any worker took its node ends at once, its slot given back", async () => {
    const { engine } = await owner();
    const t = template({
      template_id: "queue-no-worker",
      name: "Nobody there",
      nodes: [{ id: "Q", name: "Q", type: "shell", args_template: "true" }],
      edges: [],
    });
    const { runId } = await engine.startRunGrouped({ template: t });
    // Launched once the commit holding its job is stored.
    await until(
      () => Promise.resolve(launcher!.waiting()),
      (n) => n === 1,
    );
    await engine.cancel(runId);
    expect((await engine.settled(runId)).status).toBe("cancelled");
    expect(launcher!.waiting()).toBe(0);
  });

  it("a node job that ends without an answer (failed in the queue) is interrupted and retried", async () => {
    const { engine, store, db } = await owner();
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
    await startWorker(db);
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.F).toMatchObject({ status: "done", attempts: 2, output: "ran" });
    const logs = await logText(store, runId);
    expect(logs).toContain("its job ended without an answer; the attempt is interrupted");
  });

  it("SIGTERM drains: the running node finishes and is recorded, then the worker exits 0", async () => {
    const { engine, db, runsDir } = await owner();
    const w = await startWorker(db);
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
    const { engine, store, db } = await owner();
    const w = await startWorker(db, 1, 0);
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
    await startWorker(db);
    const state = await engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.H).toMatchObject({ status: "done", attempts: 2, output: "try-2" });
    const logs = await logText(store, runId);
    expect(logs).toMatch(/stopped before this node ended \(drain of 0 s\); the attempt is handed back/);
  });

  it("a node job delivered again after its answer runs nothing", async () => {
    const { engine, store, db, runsDir } = await owner();
    await startWorker(db);
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
    const again = { runId, nodeId: "X", attempt: 1, launch: "an-old-launch", owner: launcher!.owner };
    await db.pool.query(`select graphile_worker.add_job($1, $2::json)`, [NODE_JOB_TASK, JSON.stringify(again)]);
    await until(
      () => db.pool.query(`select count(*)::int as n from graphile_worker.jobs`).then((r) => r.rows[0].n as number),
      (n) => n === 0,
    );
    expect(fs.readFileSync(path.join(runsDir, runId, "ran"), "utf8")).toBe("x\ny\n");
    expect(await store.eventsAfter(runId, 0)).toHaveLength(before);
  });

  it("without WF_DATABASE_URL, or with one that refuses, wf worker says so in one line", async () => {
    const none = await wf(["worker"], { WF_DATA_DIR: os.tmpdir() });
    expect(await none.exited).toBe(2);
    expect(none.stderr().trim()).toBe(
      "wf: wf worker takes its nodes from the PostgreSQL job queue: set WF_DATABASE_URL=postgres://user:password@host:port/database",
    );
    const refused = await wf(["worker"], { WF_DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/none" });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr().trim().split("\n")).toHaveLength(1);
    expect(refused.stderr()).toContain("postgres://nobody:***@127.0.0.1:1/none");
    expect(refused.stderr()).not.toContain("secret");
    const usage = await wf(["worker", "--concurrency", "0"], {});
    expect(await usage.exited).toBe(2);
    expect(usage.stderr()).toContain("--concurrency expects a whole number ≥ 1");
  });
});
