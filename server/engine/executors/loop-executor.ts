/** `loop`: one iteration of the loop's body (its command line, `{iteration}` set); without a body the output is the iteration number. */
import type { Executor } from "./executor";
import { runCommandLine } from "./shell-executor";

export const loopExecutor: Executor = {
  run(ctx) {
    const body = ctx.node.args_template;
    if (!body?.trim()) return Promise.resolve({ status: "succeeded", output: String(ctx.planned.iteration ?? 0) });
    return runCommandLine(ctx, body);
  },
};
