/** Whole-process figures for the CLI benchmark: wall time and peak RSS of one child process. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

export interface ProcessFigures {
  wallMs: number;
  /** Peak resident set of the process in MB (GNU time's %M), or NaN without /usr/bin/time. */
  peakRssMb: number;
  /** User + system CPU time in ms (less disturbed than wall time on a busy machine), or NaN. */
  cpuMs: number;
  code: number | null;
}

const TIME = "/usr/bin/time";
const hasTime = fs.existsSync(TIME);

/** Runs `program args…` (default: this Node) once, to completion; throws when the exit code is not `expectCode`. */
export function measureProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  expectCode = 0,
  program: string = process.execPath,
): ProcessFigures {
  const rssFile = path.join(os.tmpdir(), `wf-bench-rss-${process.pid}`);
  const [cmd, cmdArgs] = hasTime ? [TIME, ["-f", "%M %U %S", "-o", rssFile, program, ...args]] : [program, args];
  const t0 = performance.now();
  const r = spawnSync(cmd, cmdArgs, { env, stdio: ["ignore", "ignore", "pipe"], maxBuffer: 256 << 20 });
  const wallMs = performance.now() - t0;
  if (r.status !== expectCode)
    throw new Error(
      `${path.basename(program)} ${args.join(" ")} exited ${r.status}: ${String(r.stderr).split("\n").slice(-5).join("\n")}`,
    );
  const [rssKb, user, sys] = hasTime
    ? fs.readFileSync(rssFile, "utf8").trim().split("\n").pop()!.split(" ").map(Number)
    : [NaN, NaN, NaN];
  return { wallMs, peakRssMb: rssKb / 1024, cpuMs: (user + sys) * 1000, code: r.status };
}
