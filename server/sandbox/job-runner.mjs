// Starts the processes of node jobs, in the spawner helper (spawner-child.mjs) and in the engine's own
// process (process-launcher.ts, `WF_SPAWNER=local`) alike. A job is an argument vector, a folder, an
// environment, optional stdin and optional bubblewrap arguments (bwrap-args.ts) that confine it.
//
// Creating a sandbox's namespaces costs tens of milliseconds of waiting in the kernel (mostly an RCU
// grace period when bwrap detaches the old root), not CPU. So after each sandboxed job the runner
// keeps PER_MOUNTS sandboxes with the same mounts ready: bwrap sets everything up and starts a small shell
// that waits for one line on its stdin, with an empty environment. The next job with those mounts
// (the run's next node, its checks) takes it and writes that line — `export` of the job's environment,
// then `exec` of its argument vector, every word single-quoted, newlines spelled "$nl" so the line
// stays one line — and then its own stdin, which the command reads from where the shell stopped
// (the command's environment is the job's, plus PWD as any shell sets it). Prepared sandboxes that
// nobody takes are killed after IDLE_MS; at most MAX_IDLE wait at once. They start with an empty
// environment, so the sandbox's first process (the parent every node process sees) holds nothing.
import { spawn } from "node:child_process";

const IDLE_MS = 15_000;
/** About 0.7 MB each (two bwrap processes and a shell): one per run the default 32 parallel nodes serve, twice. */
const MAX_IDLE = 64;
/**
 * Sandboxes kept ready per set of mounts: in a chain of quick nodes, the next node's sandbox was then
 * started two nodes earlier and has had the time bwrap needs to set up (tens of ms here).
 */
const PER_MOUNTS = 2;
/** A name `export` takes as it is. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** dash's `read` takes a byte at a time from a pipe: a longer line is quicker to start cold. */
const MAX_LINE = 16 << 10;
/** Reads one line and runs it (dash and bash read a line byte by byte, leaving the rest for the command). */
const STUB = "nl='\n'; IFS= read -r line; eval \"$line\"";

/** One shell word: single-quoted, a newline as "$nl" (the stub's variable), so the word has no line break. */
const quote = (s) => `'${String(s).replaceAll("'", "'\\''").replaceAll("\n", `'"$nl"'`)}'`;

function killGroup(pid) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Pipes are sockets with ref/unref: an idle prepared sandbox must not keep the process alive. */
function setRef(child, on) {
  if (on) child.ref();
  else child.unref();
  for (const s of child.stdio) if (s) on ? s.ref?.() : s.unref?.();
}

export function createJobRunner() {
  /** Prepared sandboxes, oldest first: { key, child, timer, taken }. */
  const idle = [];

  /** Removes a prepared sandbox from the list; kills it unless it is gone already. */
  const drop = (w, kill = true) => {
    const i = idle.indexOf(w);
    if (i < 0) return;
    idle.splice(i, 1);
    clearTimeout(w.timer);
    if (kill) killGroup(w.child.pid);
  };

  function prepare(sandbox, key) {
    if (idle.length >= MAX_IDLE) drop(idle[0]);
    let child;
    try {
      child = spawn(sandbox.bwrap, [...sandbox.args, "--", "/bin/sh", "-c", STUB], {
        cwd: "/",
        env: {},
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
      });
    } catch {
      return;
    }
    const w = { key, child, taken: false, timer: setTimeout(() => drop(w), IDLE_MS) };
    w.timer.unref();
    // Before it is taken, an error or an exit (bwrap could not set up) just removes it.
    const gone = () => {
      if (!w.taken) drop(w, false);
    };
    child.on("error", gone);
    child.on("exit", gone);
    for (const s of child.stdio) s?.on("error", () => {});
    setRef(child, false);
    idle.push(w);
  }

  function take(key) {
    const i = idle.findIndex((w) => w.key === key && w.child.pid !== undefined && w.child.exitCode === null);
    if (i < 0) return undefined;
    const [w] = idle.splice(i, 1);
    clearTimeout(w.timer);
    w.taken = true;
    setRef(w.child, true);
    return w.child;
  }

  /** The line a prepared sandbox runs for `job`; undefined when a name would not survive `export`. */
  function commandLine(job) {
    const vars = [];
    for (const [k, v] of Object.entries(job.env)) {
      if (v === undefined) continue;
      if (!NAME.test(k)) return undefined;
      vars.push(quote(`${k}=${v}`));
    }
    const exec = `exec ${job.argv.map(quote).join(" ")}\n`;
    return vars.length ? `export ${vars.join(" ")}; ${exec}` : exec;
  }

  function startCold(job) {
    const [file, ...args] = job.sandbox ? [job.sandbox.bwrap, ...job.sandbox.args, "--", ...job.argv] : job.argv;
    const child = spawn(file, args, {
      cwd: job.cwd,
      env: job.env,
      detached: true,
      stdio: [job.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    if (job.stdin !== undefined) {
      // The process may exit without reading its stdin; EPIPE then is not a failure.
      child.stdin.on("error", () => {});
      child.stdin.end(job.stdin);
    }
    return child;
  }

  return {
    /** Starts `job`; `report` gets spawned (after this returns), data, then exit or error. */
    run(job, report) {
      const s = job.sandbox;
      const reusable = s && s.prepare;
      const key = reusable ? s.args.join("\0") : undefined;
      const line = key ? commandLine(job) : undefined;
      let child = line && line.length <= MAX_LINE ? take(key) : undefined;
      try {
        if (child) {
          child.stdin.on("error", () => {});
          child.stdin.write(line);
          child.stdin.end(job.stdin ?? "");
        } else child = startCold(job);
      } catch (err) {
        queueMicrotask(() => report({ ev: "error", message: String(err && err.message) }));
        return;
      }
      const pid = child.pid;
      if (pid !== undefined) queueMicrotask(() => report({ ev: "spawned", pid }));
      child.stdout.on("data", (buf) => report({ ev: "data", stream: "stdout", buf }));
      child.stderr.on("data", (buf) => report({ ev: "data", stream: "stderr", buf }));
      child.on("error", (err) => report({ ev: "error", message: String(err.message) }));
      child.on("close", (code, signal) => report({ ev: "exit", code, signal }));
      if (key) for (let n = idle.filter((w) => w.key === key).length; n < PER_MOUNTS; n++) prepare(s, key);
    },
    /** Kills every prepared sandbox (tests, shutdown). */
    dispose() {
      while (idle.length) drop(idle[0]);
    },
  };
}
