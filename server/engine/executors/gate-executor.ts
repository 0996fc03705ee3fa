/**
 * `gate`: the value that picks a branch — a CEL `expression`, else the substituted `condition`,
 * else the output of its own command line; with none of them a person chooses. All but the command
 * line are known at once (`runNow`).
 */
import { evaluateExpression, expressionValueToString } from "@/lib/workflow/run/evaluate-expression";
import type { Executor, ExecutorResult, InstantContext } from "./executor";
import { runCommandLine } from "./shell-executor";

/** The gate's value when no command line has to run for it; undefined when one does. */
function gateValueNow(ctx: InstantContext): ExecutorResult | undefined {
  const node = ctx.node.type === "gate" ? ctx.node : undefined;
  if (node?.expression) {
    const r = evaluateExpression(node.expression, ctx.expressionContext());
    if (!r.ok) return { status: "failed", error: `expression: ${r.error}`, code: "RUN019" };
    return {
      status: "succeeded",
      output: expressionValueToString(r.value),
      source: "expression",
      condition: node.expression,
    };
  }
  if (node?.condition !== undefined) {
    return {
      status: "succeeded",
      output: ctx.resolve(node.condition).trim(),
      source: "condition",
      condition: node.condition,
    };
  }
  if (ctx.node.args_template) return undefined;
  const options = [...new Set(ctx.routes.map((r) => r.label))];
  return { status: "waiting", request: { kind: "gate", prompt: `Choose a branch for ${ctx.node.name}`, options } };
}

export const gateExecutor: Executor = {
  async run(ctx) {
    const now = gateValueNow(ctx);
    if (now) return now;
    const r = await runCommandLine(ctx, ctx.node.args_template!);
    return r.status === "succeeded" ? { ...r, source: "output" } : r;
  },
  runNow: gateValueNow,
};
