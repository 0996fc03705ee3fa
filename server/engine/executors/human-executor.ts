/** `human`: waits for a person (the prompt and options go to the approvals inbox). */
import type { Executor } from "./executor";

export const humanExecutor: Executor = {
  run(ctx) {
    const prompt = ctx.resolve(
      ctx.node.type === "human" && ctx.node.prompt ? ctx.node.prompt : (ctx.node.description ?? ctx.node.name),
    );
    const options = ctx.node.type === "human" ? ctx.node.options : undefined;
    return Promise.resolve({ status: "waiting", request: { kind: "human", prompt, ...(options ? { options } : {}) } });
  },
};
