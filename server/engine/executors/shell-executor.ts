/** `shell`: the substituted `args_template` run by `/bin/sh -c` in the workspace; output = trimmed stdout or `output_file`. */
import fs from "node:fs";
import { confinePath } from "@/server/engine/workspace";
import { spawnProcess } from "@/server/engine/spawn-process";
import type { Executor, ExecutorContext, ExecutorResult } from "./executor";
import { shellQuote } from "./shell-quote";

/** Runs one command line for a node (shared by shell, loop, gate and skill recipes). */
export async function runCommandLine(
  ctx: ExecutorContext,
  commandLine: string,
  stdin?: string,
): Promise<ExecutorResult> {
  const r = await spawnProcess({
    command: commandLine,
    cwd: ctx.workspace,
    env: ctx.env,
    signal: ctx.signal,
    timeoutMs: ctx.timeoutMs,
    stdin,
    maxOutputBytes: ctx.maxOutputBytes,
    onChunk: (stream, text) => ctx.log(stream, text),
    onSpawn: ctx.onSpawn,
  });
  if (r.timedOut) return { status: "failed", error: `timed out after ${ctx.timeoutMs} ms`, code: "RUN014" };
  if (r.aborted) return { status: "failed", error: "cancelled", code: "RUN020" };
  if (r.exitCode !== 0) {
    const tail = r.stderr.trim().split("\n").slice(-1)[0] ?? "";
    const how = r.exitCode === null ? `signal ${r.signal}` : `exit code ${r.exitCode}`;
    return { status: "failed", error: `${how}${tail ? `: ${tail}` : ""}` };
  }
  if (ctx.node.output_file) {
    const file = confinePath(ctx.workspace, ctx.resolve(ctx.node.output_file));
    if (!fs.existsSync(file)) return { status: "failed", error: `output file ${ctx.node.output_file} was not written` };
    return { status: "succeeded", output: fs.readFileSync(file, "utf8").trim(), fields: { output_path: file } };
  }
  return { status: "succeeded", output: r.stdout.trim() };
}

export const shellExecutor: Executor = {
  run(ctx) {
    const cmd = ctx.node.args_template ?? "";
    if (!cmd.trim()) return Promise.resolve({ status: "failed", error: "shell node has no args_template" });
    return runCommandLine(ctx, ctx.resolve(cmd, shellQuote));
  },
};
