/** `wf worker` processes for the benchmarks (bench:scale): started on a database, stopped by a drain. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { ROOT } from "./bench-server";

export interface Worker {
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** `wf worker` as a process on `url`, resolved once it printed its first line. */
export async function startWorker(url: string, dataDir: string, concurrency: number, lostS: number): Promise<Worker> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "scripts/wf.cjs"), "worker", "--concurrency", String(concurrency), "--drain-s", "5"],
    {
      cwd: ROOT,
      env: { ...process.env, WF_DATABASE_URL: url, WF_DATA_DIR: dataDir, WF_WORKER_LOST_S: String(lostS) },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise((r) => child.once("exit", r));
  await new Promise<void>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", () => resolve());
    child.once("exit", (code) => reject(new Error(`wf worker exited (${code}) before it started`)));
  });
  return { child, exited };
}

/** SIGTERM (a drain), then waits for each to exit. */
export async function stopWorkers(workers: Worker[]): Promise<void> {
  for (const w of workers) w.child.kill("SIGTERM");
  await Promise.all(workers.map((w) => w.exited));
}
