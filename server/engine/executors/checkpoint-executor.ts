/**
 * `checkpoint`: saves the named fields (`save_fields`: variables or `N-1.output`-style node values)
 * as the node's fields; continues unless `auto_continue` is false, then waits for a person.
 */
import type { Executor } from "./executor";

export const checkpointExecutor: Executor = {
  run(ctx) {
    const node = ctx.node.type === "checkpoint" ? ctx.node : undefined;
    const fields: Record<string, unknown> = {};
    for (const name of node?.save_fields ?? []) {
      const ref = name.includes(".") ? `{${name}}` : `{${name}}`;
      const value = ctx.resolve(ref);
      fields[name] = value === ref ? null : value;
    }
    const output = JSON.stringify(fields);
    if (node?.auto_continue === false) {
      const prompt = ctx.resolve(node.description ?? `Checkpoint ${node.name}: continue?`);
      return Promise.resolve({ status: "waiting", request: { kind: "checkpoint", prompt, output } });
    }
    return Promise.resolve({ status: "succeeded", output, fields });
  },
};
