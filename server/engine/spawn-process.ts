/**
 * Runs a command line with `/bin/sh -c` in its own process group (`detached`), streams output in
 * chunks, caps what it keeps, and on abort or timeout kills the whole group (TERM, then KILL
 * after a grace period) so nothing is left running.
 */
import { spawn } from "node:child_process";

export interface SpawnOptions {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  timeoutMs?: number;
  stdin?: string;
  onChunk?: (stream: "stdout" | "stderr", text: string) => void;
  /** Bytes of stdout / stderr kept for the result (default 1 MiB each). */
  maxOutputBytes?: number;
  /** Called once the child exists (latency measurements). */
  onSpawn?: (pid: number) => void;
  killGraceMs?: number;
}

export interface SpawnResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  truncated: boolean;
  pid?: number;
}

function killGroup(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    // The group is already gone.
  }
}

export function spawnProcess(o: SpawnOptions): Promise<SpawnResult> {
  const cap = o.maxOutputBytes ?? 1 << 20;
  return new Promise((resolve) => {
    const child = spawn("/bin/sh", ["-c", o.command], {
      cwd: o.cwd,
      env: o.env,
      detached: true,
      stdio: [o.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const kept = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
    const size = { stdout: 0, stderr: 0 };
    let truncated = false;
    let timedOut = false;
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (why: "timeout" | "abort") => {
      if (why === "timeout") timedOut = true;
      else aborted = true;
      if (child.pid === undefined) return;
      killGroup(child.pid, "SIGTERM");
      killTimer = setTimeout(() => killGroup(child.pid!, "SIGKILL"), o.killGraceMs ?? 2000);
      killTimer.unref();
    };
    const timeout = o.timeoutMs ? setTimeout(() => stop("timeout"), o.timeoutMs) : undefined;
    const onAbort = () => stop("abort");
    if (o.signal?.aborted) queueMicrotask(onAbort);
    else o.signal?.addEventListener("abort", onAbort, { once: true });
    if (child.pid !== undefined) o.onSpawn?.(child.pid);
    for (const stream of ["stdout", "stderr"] as const) {
      child[stream]!.on("data", (buf: Buffer) => {
        if (size[stream] < cap) {
          const part = buf.subarray(0, cap - size[stream]);
          kept[stream].push(part);
          if (part.length < buf.length) truncated = true;
        } else truncated = true;
        size[stream] += buf.length;
        o.onChunk?.(stream, buf.toString("utf8"));
      });
    }
    if (o.stdin !== undefined) child.stdin!.end(o.stdin);
    let done = false;
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (done) return;
      done = true;
      if (timeout) clearTimeout(timeout);
      o.signal?.removeEventListener("abort", onAbort);
      // The shell may exit before its children: make sure the group is gone too.
      if ((timedOut || aborted) && child.pid !== undefined) killGroup(child.pid, "SIGKILL");
      if (killTimer) clearTimeout(killTimer);
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(kept.stdout).toString("utf8"),
        stderr: Buffer.concat(kept.stderr).toString("utf8"),
        timedOut,
        aborted,
        truncated,
        pid: child.pid,
      });
    };
    child.on("error", (err) => {
      kept.stderr.push(Buffer.from(String(err.message)));
      finish(127, null);
    });
    child.on("close", finish);
  });
}
