/** `human`: waits for a person (the prompt and options go to the approvals inbox); the request is known at once. */
import type { Executor, ExecutorResult, InstantContext } from "./executor";

function humanRequest(ctx: InstantContext): ExecutorResult {
  const prompt = ctx.resolve(
    ctx.node.type === "human" && ctx.node.prompt ? ctx.node.prompt : (ctx.node.description ?? ctx.node.name),
  );
  const options = ctx.node.type === "human" ? ctx.node.options : undefined;
  return { status: "waiting", request: { kind: "human", prompt, ...(options ? { options } : {}) } };
}

export const humanExecutor: Executor = {
  run: (ctx) => Promise.resolve(humanRequest(ctx)),
  runNow: humanRequest,
};
