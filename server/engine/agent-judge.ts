/** `agent_confirms` checks: the default agent provider answers YES or NO; no provider → the check fails. */
import type { AgentProviders } from "@/server/providers/agent-providers";
import type { AgentJudge } from "./run-checks";

export function createAgentJudge(providers: AgentProviders): AgentJudge {
  return async (description, ctx) => {
    const provider = providers.get();
    if (!provider) return { ok: false, reasoning: "no agent provider is configured to confirm" };
    const res = await provider.complete({
      prompt: `Answer YES or NO on the first line, then your reasoning.\nIn the folder you are in, is this true?\n${description}`,
      cwd: ctx.workspace,
      env: ctx.env,
      isolation: ctx.isolation,
      signal: ctx.signal,
    });
    const first = res.text.trim().split("\n")[0]?.trim().toUpperCase() ?? "";
    return { ok: first.startsWith("YES"), reasoning: res.text.trim() };
  };
}
