/**
 * `shell`: `args_template` run by `/bin/sh -c` in the workspace, its references passed as data
 * (prepare-command-line.ts); output = trimmed stdout or `output_file`.
 */
import fs from "node:fs";
import { confinePath, notRegular, readFileCapped } from "@/server/engine/confinement/workspace";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import type { Executor, ExecutorContext, ExecutorResult } from "./executor";
import { prepareCommandLine, spawnPrepared } from "./prepare-command-line";

/**
 * Runs one command line as written in the template (shared by shell, loop, gate and skill
 * recipes); `field` names it in errors.
 */
export async function runCommandLine(
  ctx: ExecutorContext,
  template: string,
  field = "args_template",
  stdin?: string,
): Promise<ExecutorResult> {
  const prepared = prepareCommandLine(ctx, template, field);
  if (!prepared.ok) return { status: "failed", error: prepared.error, code: prepared.code };
  const r = await spawnPrepared(ctx, prepared, {
    stdin,
    maxOutputBytes: ctx.maxOutputBytes,
    onChunk: (stream, text) => ctx.log(stream, text),
    onSpawn: ctx.onSpawn,
  });
  if (r.launchError)
    return {
      status: "failed",
      error: r.launchError.message,
      ...(r.launchError.code ? { code: r.launchError.code } : {}),
    };
  if (r.timedOut) return { status: "failed", error: `timed out after ${ctx.timeoutMs} ms`, code: "RUN014" };
  if (r.aborted) return { status: "failed", error: "cancelled", code: "RUN020" };
  if (r.exitCode !== 0) {
    const tail = r.stderr.trim().split("\n").slice(-1)[0] ?? "";
    const how = r.exitCode === null ? `signal ${r.signal}` : `exit code ${r.exitCode}`;
    return { status: "failed", error: `${how}${tail ? `: ${tail}` : ""}` };
  }
  if (ctx.node.output_file) {
    const file = confinePath(ctx.workspace, ctx.resolve(ctx.node.output_file));
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (!st) return { status: "failed", error: `output file ${ctx.node.output_file} was not written` };
    // Only a regular file: opening a FIFO the command left there would hold the server forever.
    const what = notRegular(st);
    if (what) return { status: "failed", error: RUN_CODES.RUN033(ctx.node.output_file, what), code: "RUN033" };
    // Up to the output cap, never the whole file.
    const { text, truncated } = readFileCapped(file, ctx.maxOutputBytes, ctx.node.output_file);
    if (truncated)
      ctx.log("engine", `output file ${ctx.node.output_file} is over ${ctx.maxOutputBytes} bytes; kept the start\n`);
    return { status: "succeeded", output: text.trim(), fields: { output_path: file } };
  }
  return { status: "succeeded", output: r.stdout.trim() };
}

export const shellExecutor: Executor = {
  run(ctx) {
    const cmd = ctx.node.args_template ?? "";
    if (!cmd.trim()) return Promise.resolve({ status: "failed", error: "shell node has no args_template" });
    return runCommandLine(ctx, cmd);
  },
};
