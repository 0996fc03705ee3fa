/**
 * `agent`: the prompt (`prompt`, else `args_template`, references substituted) goes to an agent
 * provider — the node's `provider`, else its `executor` when that names one, else the default.
 * A CLI provider's process gets the node's environment and sandbox, as a shell node would.
 * Output = the provider's text; its session id is kept for `{prev_session_id}`.
 */
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import type { Executor, ExecutorContext, ExecutorResult } from "./executor";

/** Sends one prompt (shared by agent nodes and agent skill recipes). */
export async function runAgentPrompt(
  ctx: ExecutorContext,
  prompt: string,
  providerName?: string,
  system?: string,
): Promise<ExecutorResult> {
  const provider = (providerName ? ctx.providers.get(providerName) : undefined) ?? ctx.providers.get();
  if (!provider)
    return {
      status: "failed",
      error: `no agent provider is configured${providerName ? ` (asked for "${providerName}")` : ""}`,
    };
  if (!ctx.isolation.network && provider.kind !== "cli")
    return { status: "failed", error: RUN_CODES.RUN041(ctx.nodeId, provider.name), code: "RUN041" };
  try {
    const res = await provider.complete({
      prompt: ctx.resolve(prompt),
      ...(system ? { system: ctx.resolve(system) } : {}),
      cwd: ctx.workspace,
      env: ctx.env,
      isolation: ctx.isolation,
      signal: ctx.signal,
      maxOutputBytes: ctx.maxOutputBytes,
      ...(ctx.timeoutMs ? { timeoutMs: ctx.timeoutMs } : {}),
      onChunk: (text) => ctx.log("stdout", text),
    });
    return {
      status: "succeeded",
      output: res.text.trim(),
      fields: { provider: provider.name, ...(res.sessionId ? { session_id: res.sessionId } : {}) },
    };
  } catch (err) {
    if (ctx.signal.aborted) return { status: "failed", error: "cancelled", code: "RUN020" };
    return { status: "failed", error: `agent ${provider.name}: ${err instanceof Error ? err.message : String(err)}` };
  }
}

export const agentExecutor: Executor = {
  run(ctx) {
    const node = ctx.node;
    const prompt =
      (typeof node.prompt === "string" ? node.prompt : undefined) ??
      node.args_template ??
      node.description ??
      node.name;
    const provider = (node.type === "agent" ? node.provider : undefined) ?? node.executor;
    return runAgentPrompt(ctx, prompt, provider);
  },
};
