/**
 * Runs a command line with `/bin/sh -c` (or an argument vector) in its own process group, through
 * the process sandbox (process-sandbox.ts: bubblewrap, the spawner helper), streams output in
 * chunks, caps what it keeps, and on abort or timeout kills the whole group (TERM, then KILL after a
 * grace period) so nothing is left running.
 */
import fs from "node:fs";
import { StringDecoder } from "node:string_decoder";
import type { Isolation } from "./isolation";
import { defaultProcessSandbox, type ProcessSandbox } from "./process-sandbox";
import { setSafeTimeout } from "@/server/timers/safe-timeout";

export interface SpawnOptions {
  /** A command line run by `shell -c`; or give `argv`. */
  command?: string;
  /** The shell that runs `command` with `-c` (default `/bin/sh`). */
  shell?: string;
  /** A program and its arguments, run as they are (agent CLIs). */
  argv?: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** What the process may reach when sandboxed (default: `cwd` writable, with the network). */
  isolation?: Isolation;
  signal?: AbortSignal;
  timeoutMs?: number;
  stdin?: string;
  onChunk?: (stream: "stdout" | "stderr", text: string) => void;
  /** Bytes of stdout / stderr kept for the result (default 1 MiB each). */
  maxOutputBytes?: number;
  /** Called once the child exists (latency measurements). */
  onSpawn?: (pid: number) => void;
  killGraceMs?: number;
  /** Default: the process's own (defaultProcessSandbox). */
  sandbox?: ProcessSandbox;
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
  /** The process never started: why (the sandbox's refusal, a missing program), with a code when one applies. */
  launchError?: { message: string; code?: string };
}

/**
 * Whether process group `pgid` still has a live member. On Linux, zombies (dead, waiting to be
 * reaped by whoever adopted them) do not count; elsewhere any member does.
 */
export function isGroupAlive(pgid: number): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so split after the last ")".
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === pgid && state !== "Z" && state !== "X") return true;
  }
  return false;
}

/** Polls until the group has no live member, at most `timeoutMs`. */
async function waitGroupGone(pgid: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (isGroupAlive(pgid) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
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
    const child = (o.sandbox ?? defaultProcessSandbox()).launch({
      argv: o.argv ?? [o.shell ?? "/bin/sh", "-c", o.command ?? ""],
      cwd: o.cwd,
      env: o.env,
      stdin: o.stdin,
      ...(o.isolation ? { isolation: o.isolation } : {}),
    });
    const kept = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
    const decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };
    const size = { stdout: 0, stderr: 0 };
    let truncated = false;
    let timedOut = false;
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;
    const kill = (pid: number) => {
      killGroup(pid, "SIGTERM");
      killTimer = setTimeout(() => killGroup(pid, "SIGKILL"), o.killGraceMs ?? 2000);
      killTimer.unref();
    };
    const stop = (why: "timeout" | "abort") => {
      if (timedOut || aborted) return;
      if (why === "timeout") timedOut = true;
      else aborted = true;
      // Before the pid is known the kill happens on spawn (below).
      if (child.pid !== undefined) kill(child.pid);
    };
    // The timeout runs from the moment the process exists (the spawner may take a moment to start).
    let cancelTimeout: (() => void) | undefined;
    const onAbort = () => stop("abort");
    if (o.signal?.aborted) queueMicrotask(onAbort);
    else o.signal?.addEventListener("abort", onAbort, { once: true });
    child.onSpawn = (pid) => {
      if (timedOut || aborted) kill(pid);
      else if (o.timeoutMs) cancelTimeout = setSafeTimeout(() => stop("timeout"), o.timeoutMs);
      o.onSpawn?.(pid);
    };
    child.onData = (stream, buf) => {
      if (size[stream] < cap) {
        const part = buf.subarray(0, cap - size[stream]);
        kept[stream].push(part);
        if (part.length < buf.length) truncated = true;
      } else truncated = true;
      size[stream] += buf.length;
      // Per-stream decoders: a character split between two chunks is logged whole.
      if (o.onChunk) o.onChunk(stream, decoders[stream].write(buf));
    };
    let done = false;
    let launchError: SpawnResult["launchError"];
    const finish = async (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (done) return;
      done = true;
      cancelTimeout?.();
      o.signal?.removeEventListener("abort", onAbort);
      if (killTimer) clearTimeout(killTimer);
      // The shell may exit before its children: the group is killed, and the attempt ends only
      // once it is gone, so a retry or re-run never shares the workspace with its processes.
      if ((timedOut || aborted) && child.pid !== undefined) {
        killGroup(child.pid, "SIGKILL");
        await waitGroupGone(child.pid, o.killGraceMs ?? 5000);
      }
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(kept.stdout).toString("utf8"),
        stderr: Buffer.concat(kept.stderr).toString("utf8"),
        timedOut,
        aborted,
        truncated,
        pid: child.pid,
        ...(launchError ? { launchError } : {}),
      });
    };
    child.onError = (message, code) => {
      kept.stderr.push(Buffer.from(message));
      launchError = { message, ...(code ? { code } : {}) };
      void finish(127, null);
    };
    child.onClose = (code, sig) => void finish(code, sig);
  });
}
