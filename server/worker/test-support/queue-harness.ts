/**
 * Test helper for nodes on `wf worker` processes: a database, a data folder and an engine that owns runs whose
 * nodes go to the PostgreSQL job queue; real `wf worker` processes; waits for a node's process on this host.
 * `cleanup()` (after each test) kills the workers left, stops the engine and its answers, drops the database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { RunEngine } from "@/server/engine/orchestrator";
import { PgRunStore } from "@/server/engine/pg-run-store";
import { createQueueNodeLauncher, type QueueNodeLauncher } from "@/server/engine/queue-node-launcher";
import type { Template } from "@/lib/workflow/model/template-schema";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { createTestDatabase, type TestDatabase } from "@/server/test-support/test-database";
import { until } from "@/server/test-support/until";

const ROOT = path.join(import.meta.dirname, "../../..");

export function template(raw: unknown): Template {
  const parsed = parseTemplate(raw);
  if (!parsed.ok) throw new Error(parsed.diagnostics.map((d) => d.message).join("; "));
  return parsed.template;
}

export interface Worker {
  child: ChildProcess;
  /** Its first stdout line (id and database). */
  banner: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

export class QueueHarness {
  database: TestDatabase | undefined;
  dir: string | undefined;
  launcher: QueueNodeLauncher | undefined;
  engine: RunEngine<PgRunStore> | undefined;
  private readonly workers: ChildProcess[] = [];

  async cleanup(): Promise<void> {
    const alive = this.workers.filter((w) => w.exitCode === null && w.signalCode === null);
    for (const w of alive) w.kill("SIGKILL");
    await Promise.all(alive.map((w) => new Promise((r) => w.once("exit", r))));
    this.workers.length = 0;
    this.engine?.detach();
    await this.launcher?.stop();
    await this.database?.close();
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
    this.database = this.dir = this.launcher = this.engine = undefined;
  }

  /** A database, a data folder, and an engine that owns runs whose nodes go to the queue. */
  async owner(): Promise<{ engine: RunEngine<PgRunStore>; store: PgRunStore; db: TestDatabase; runsDir: string }> {
    this.database = await createTestDatabase();
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-queue-"));
    this.launcher = createQueueNodeLauncher({
      pool: this.database.pool,
      owner: "owner-test",
      lostMs: 1000,
      log: () => {},
    });
    await this.launcher.start();
    const runsDir = path.join(this.dir, "runs");
    const store = new PgRunStore(this.database.pool, { nodeJobs: { owner: this.launcher.owner } });
    this.engine = new RunEngine({ store, runsDir, launchNode: this.launcher.launch });
    return { engine: this.engine, store, db: this.database, runsDir };
  }

  /** `wf <args>` as a process; resolves with its first stdout line (or "" when it exits first). */
  wf(args: string[], env: Record<string, string>): Promise<Worker> {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts/wf.cjs"), ...args], {
      cwd: ROOT,
      env: { ...process.env, WF_DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.workers.push(child);
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

  /** Workers beat every third of WF_WORKER_LOST_S; the owner above gives up on one after the same second. */
  startWorker(db: TestDatabase, concurrency = 1, drainS = 30): Promise<Worker> {
    return this.wf(["worker", "--concurrency", String(concurrency), "--drain-s", String(drainS)], {
      WF_DATABASE_URL: db.url,
      WF_DATA_DIR: this.dir!,
      WF_WORKER_LOST_S: "1",
    });
  }
}

/**
 * A node command whose first try sleeps (`sleep <marker>`, until it is stopped) and whose later tries print
 * `try-<n>`; each try appends a line to the workspace's `tries`.
 */
export const sleepsOnFirstTry = (marker: string) =>
  `echo go >> tries; n=$(wc -l < tries); if [ "$n" = 1 ]; then sleep ${marker}; fi; printf "try-$n"`;

/** Until the run has an interrupted node. */
export const interrupted = (store: PgRunStore, runId: string) =>
  until(
    () => store.eventsAfter(runId, 0),
    (events) => events.some((e) => e.event.type === "node.interrupted"),
  );

/** The run's node logs, all streams, as one text. */
export const logText = async (store: PgRunStore, runId: string) =>
  (await store.eventsAfter(runId, 0)).flatMap((e) => (e.event.type === "node.log" ? [e.event.text] : [])).join("");

/** Until a `sleep <marker>` runs on this host / until none does. */
export const sleeping = (marker: string) =>
  until(
    () => Promise.resolve(sleepers(marker)),
    (n) => n > 0,
  );
export const sleepingNoMore = (marker: string) =>
  until(
    () => Promise.resolve(sleepers(marker)),
    (n) => n === 0,
  );

/** Processes on this host whose command line is `sleep <marker>`. */
export function sleepers(marker: string): number {
  return sleeperPids(marker).length;
}

/** A SIGKILLed worker's node processes may outlive it (no reaper): the test ends them. */
export function killSleepers(marker: string): void {
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
