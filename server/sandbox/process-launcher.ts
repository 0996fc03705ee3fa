/**
 * How a job (job-runner.mjs) becomes a child process: in this process (`localLauncher`), or through
 * a pool of lean spawner helper processes (`helperLauncher`: fork+exec from a big heap is slow,
 * docs/decisions/010-spawner-helper-processes.md). Either way the same job runner starts it, the child leads its own process group (the engine
 * kills the whole group), and a sandboxed job runs inside bubblewrap.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { appRoot } from "@/server/config/data-paths";
import { createJobRunner, type Job, type JobEvent, type JobRunner } from "./job-runner.mjs";

/** A started child, seen through callbacks (set them synchronously after launch). */
export interface LaunchedChild {
  onSpawn?: (pid: number) => void;
  onData?: (stream: "stdout" | "stderr", buf: Buffer) => void;
  onClose?: (code: number | null, signal: NodeJS.Signals | null) => void;
  /** It could not start: the message says why; `code` is an engine code (RUN040) when one applies. */
  onError?: (message: string, code?: string) => void;
  /** Known once spawned. */
  pid?: number;
}

export type Launcher = (job: Job) => LaunchedChild;

function deliver(handle: LaunchedChild, e: JobEvent): void {
  if (e.ev === "spawned") {
    handle.pid = e.pid;
    handle.onSpawn?.(e.pid);
  } else if (e.ev === "data") handle.onData?.(e.stream, e.buf);
  else if (e.ev === "exit") handle.onClose?.(e.code, e.signal);
  else handle.onError?.(e.message);
}

let inProcess: JobRunner | undefined;
export const localLauncher: Launcher = (job) => {
  const handle: LaunchedChild = {};
  (inProcess ??= createJobRunner()).run(job, (e) => deliver(handle, e));
  return handle;
};

/** A child that never started, reporting why once its callbacks are set. */
export function failedLaunch(message: string, code?: string): LaunchedChild {
  const handle: LaunchedChild = {};
  queueMicrotask(() => handle.onError?.(message, code));
  return handle;
}

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
  const candidates = [path.join(appRoot(), "server/sandbox/spawner-child.mjs")];
  try {
    candidates.unshift(path.join(path.dirname(fileURLToPath(import.meta.url)), "spawner-child.mjs"));
  } catch {
    // Bundled: import.meta.url may not be a file URL.
  }
  return candidates.find((f) => fs.existsSync(f));
}
const CHILD_SCRIPT = childScript();

/** One helper process, started on first use (with `env` only) and restarted if it dies. */
class Spawner {
  private child?: ChildProcess;
  private nextId = 1;
  private jobs = new Map<number, LaunchedChild>();

  constructor(private readonly env: Readonly<Record<string, string>>) {}

  launch(job: Job): LaunchedChild {
    const child = this.ensure();
    const id = this.nextId++;
    const handle: LaunchedChild = {};
    this.jobs.set(id, handle);
    this.ref(true);
    child.stdin!.write(JSON.stringify({ op: "spawn", id, ...job }) + "\n");
    return handle;
  }

  private ensure(): ChildProcess {
    if (this.child && this.child.exitCode === null && !this.child.killed) return this.child;
    // The allowlisted environment only: a node process that reads its parent's parent learns nothing.
    const child = spawn(process.execPath, [CHILD_SCRIPT!], {
      stdio: ["pipe", "pipe", "inherit"],
      env: this.env as NodeJS.ProcessEnv,
    });
    readline
      .createInterface({ input: child.stdout! })
      .on("line", (line) => this.receive(JSON.parse(line) as SpawnerMessage));
    child.on("exit", () => {
      // Jobs still open lost their reporter (and their sandboxes died with it): they end as errors.
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
    if (m.ev === "spawned") deliver(job, { ev: "spawned", pid: m.pid! });
    else if (m.ev === "data") deliver(job, { ev: "data", stream: m.stream!, buf: Buffer.from(m.b64!, "base64") });
    else {
      this.jobs.delete(m.id);
      if (this.jobs.size === 0) this.ref(false);
      deliver(
        job,
        m.ev === "exit"
          ? { ev: "exit", code: m.code ?? null, signal: m.signal ?? null }
          : { ev: "error", message: m.message ?? "spawn failed" },
      );
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

/** Pools by size and environment: every engine of a process with the same settings shares one. */
const pools = new Map<string, { spawners: Spawner[]; turn: number }>();

/** FNV-1a over the sandbox arguments: jobs with the same mounts go to the same helper. */
function mountsHash(args: readonly string[]): number {
  let h = 0x811c9dc5;
  for (const a of args) {
    for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Over `count` helpers (one helper spawns serially, so two use both cores here): round-robin, but a
 * sandboxed job goes to the helper that holds the sandbox prepared for its mounts (job-runner.mjs).
 * Falls back to `localLauncher` when the helper script cannot be found.
 */
export function helperLauncher(count: number, env: Readonly<Record<string, string>>): Launcher {
  if (!CHILD_SCRIPT) return localLauncher;
  const key = `${count}\0${JSON.stringify(env)}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = { spawners: Array.from({ length: count }, () => new Spawner(env)), turn: 0 }));
  const p = pool;
  return (job) => {
    if (job.sandbox) return p.spawners[mountsHash(job.sandbox.args) % p.spawners.length].launch(job);
    p.turn = (p.turn + 1) % p.spawners.length;
    return p.spawners[p.turn].launch(job);
  };
}
