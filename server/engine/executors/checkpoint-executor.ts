/**
 * `checkpoint`: saves the named fields (`save_fields`: variables or `N-1.output`-style node values)
 * as the node's fields; continues unless `auto_continue` is false, then waits for a person. Known at
 * once: the engine finishes it in the tick that starts it.
 */
import type { Executor, ExecutorResult, InstantContext } from "./executor";

function checkpointResult(ctx: InstantContext): ExecutorResult {
  const node = ctx.node.type === "checkpoint" ? ctx.node : undefined;
  const fields: Record<string, unknown> = {};
  for (const name of node?.save_fields ?? []) {
    const ref = `{${name}}`;
    const value = ctx.resolve(ref);
    fields[name] = value === ref ? null : value;
  }
  const output = JSON.stringify(fields);
  if (node?.auto_continue === false) {
    const prompt = ctx.resolve(node.description ?? `Checkpoint ${node.name}: continue?`);
    return { status: "waiting", request: { kind: "checkpoint", prompt, output } };
  }
  return { status: "succeeded", output, fields };
}

export const checkpointExecutor: Executor = {
  run: (ctx) => Promise.resolve(checkpointResult(ctx)),
  runNow: checkpointResult,
};
