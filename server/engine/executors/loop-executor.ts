/**
 * `loop`: one iteration of the loop's body (its command line, `{iteration}` set); without a body the output
 * is the iteration number, known at once (`runNow`).
 */
import type { Executor, ExecutorResult, InstantContext } from "./executor";
import { runCommandLine } from "./shell-executor";

function iterationNow(ctx: InstantContext): ExecutorResult | undefined {
  if (ctx.node.args_template?.trim()) return undefined;
  return { status: "succeeded", output: String(ctx.planned.iteration ?? 0) };
}

export const loopExecutor: Executor = {
  run: (ctx) => Promise.resolve(iterationNow(ctx) ?? runCommandLine(ctx, ctx.node.args_template!)),
  runNow: iterationNow,
};
