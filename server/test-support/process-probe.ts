/** Test helpers for process-tree assertions: which processes a run has, polling until a condition holds. */
import fs from "node:fs";

/**
 * Host pids of the live processes a run's nodes started (their environment holds `WF_RUN_ID=<runId>`).
 * A pid a node writes from inside the sandbox is its own namespace's, so tests look from here instead.
 */
export function processesOfRun(runId: string): number[] {
  const needle = Buffer.from(`\0WF_RUN_ID=${runId}\0`);
  const first = Buffer.from(`WF_RUN_ID=${runId}\0`);
  const out: number[] = [];
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    let env: Buffer;
    let stat: string;
    try {
      env = fs.readFileSync(`/proc/${e}/environ`);
      stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
    } catch {
      continue;
    }
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    if (state === "Z" || state === "X") continue;
    if (env.includes(needle) || env.subarray(0, first.length).equals(first)) out.push(Number(e));
  }
  return out;
}

/** Polls `check` every `stepMs` for at most `tries` times; resolves to its last value. */
export async function waitUntil(check: () => boolean, tries = 200, stepMs = 25): Promise<boolean> {
  for (let i = 0; i < tries && !check(); i++) await new Promise((r) => setTimeout(r, stepMs));
  return check();
}
