/**
 * How a command line becomes a child process: directly (`localLauncher`), or through the lean
 * spawner helper process (`spawnerLauncher`: fork+exec from a big heap is slow,
 * docs/decisions/010-spawner-helper-processes.md).
 * Either way the child leads its own process group, so the engine can kill the whole group.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { appRoot } from "@/server/config/data-paths";

export interface LaunchRequest {
  command: string;
  /** Default `/bin/sh`. */
  shell?: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin?: string;
}

/** A started child, seen through callbacks (set them synchronously after launch). */
export interface LaunchedChild {
  onSpawn?: (pid: number) => void;
  onData?: (stream: "stdout" | "stderr", buf: Buffer) => void;
  onClose?: (code: number | null, signal: NodeJS.Signals | null) => void;
  onError?: (message: string) => void;
  /** Known once spawned. */
  pid?: number;
}

export type Launcher = (req: LaunchRequest) => LaunchedChild;

export const localLauncher: Launcher = (req) => {
  const handle: LaunchedChild = {};
  const child = spawn(req.shell ?? "/bin/sh", ["-c", req.command], {
    cwd: req.cwd,
    env: req.env,
    detached: true,
    stdio: [req.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  queueMicrotask(() => {
    if (child.pid !== undefined) {
      handle.pid = child.pid;
      handle.onSpawn?.(child.pid);
    }
  });
  child.stdout!.on("data", (b: Buffer) => handle.onData?.("stdout", b));
  child.stderr!.on("data", (b: Buffer) => handle.onData?.("stderr", b));
  if (req.stdin !== undefined) child.stdin!.end(req.stdin);
  child.on("error", (err) => handle.onError?.(err.message));
  child.on("close", (code, signal) => handle.onClose?.(code, signal));
  return handle;
};

interface SpawnerMessage {
  id: number;
  ev: "spawned" | "data" | "exit" | "error";
  pid?: number;
  stream?: "stdout" | "stderr";
  b64?: string;
  code?: number | null;
  signal?: NodeJS.Signals | null;
  message?: string;
}

/** The helper script: next to this file, or under the app root once bundled (Next moves modules). */
function childScript(): string | undefined {
  const candidates = [path.join(appRoot(), "server/engine/spawner-child.mjs")];
  try {
    candidates.unshift(path.join(path.dirname(fileURLToPath(import.meta.url)), "spawner-child.mjs"));
  } catch {
    // Bundled: import.meta.url may not be a file URL.
  }
  return candidates.find((f) => fs.existsSync(f));
}
const CHILD_SCRIPT = childScript();

/** One helper process per engine process, started on first use and restarted if it dies. */
class Spawner {
  private child?: ChildProcess;
  private nextId = 1;
  private jobs = new Map<number, LaunchedChild>();

  launch(req: LaunchRequest): LaunchedChild {
    const child = this.ensure();
    const id = this.nextId++;
    const handle: LaunchedChild = {};
    this.jobs.set(id, handle);
    this.ref(true);
    child.stdin!.write(JSON.stringify({ op: "spawn", id, ...req }) + "\n");
    return handle;
  }

  private ensure(): ChildProcess {
    if (this.child && this.child.exitCode === null && !this.child.killed) return this.child;
    const child = spawn(process.execPath, [CHILD_SCRIPT!], { stdio: ["pipe", "pipe", "inherit"] });
    readline
      .createInterface({ input: child.stdout! })
      .on("line", (line) => this.receive(JSON.parse(line) as SpawnerMessage));
    child.on("exit", () => {
      // Jobs still open lost their reporter: they end as errors (their groups were their own).
      for (const [, job] of this.jobs) job.onError?.("the spawner process exited");
      this.jobs.clear();
      if (this.child === child) this.child = undefined;
    });
    this.child = child;
    return child;
  }

  private receive(m: SpawnerMessage): void {
    const job = this.jobs.get(m.id);
    if (!job) return;
    if (m.ev === "spawned") {
      job.pid = m.pid;
      job.onSpawn?.(m.pid!);
    } else if (m.ev === "data") job.onData?.(m.stream!, Buffer.from(m.b64!, "base64"));
    else {
      this.jobs.delete(m.id);
      if (this.jobs.size === 0) this.ref(false);
      if (m.ev === "exit") job.onClose?.(m.code ?? null, m.signal ?? null);
      else job.onError?.(m.message ?? "spawn failed");
    }
  }

  /** The helper keeps the event loop alive only while jobs are open. */
  private ref(on: boolean): void {
    const c = this.child;
    if (!c) return;
    // Pipes are sockets with ref/unref at run time, though not in their declared types.
    const pipes = [c.stdout, c.stdin] as unknown as { ref?: () => void; unref?: () => void }[];
    if (on) {
      c.ref();
      for (const p of pipes) p.ref?.();
    } else {
      c.unref();
      for (const p of pipes) p.unref?.();
    }
  }
}

/** A small pool (WF_SPAWNERS, default 2): one helper spawns serially, so two use both cores here. */
const pool: Spawner[] = [];
let turn = 0;

export const spawnerLauncher: Launcher = (req) => {
  const size = Math.max(1, Number(process.env.WF_SPAWNERS) || 2);
  while (pool.length < size) pool.push(new Spawner());
  turn = (turn + 1) % size;
  return pool[turn].launch(req);
};

/** The default: the helper unless WF_SPAWNER=local or its script cannot be found. */
export function defaultLauncher(): Launcher {
  return process.env.WF_SPAWNER === "local" || !CHILD_SCRIPT ? localLauncher : spawnerLauncher;
}
