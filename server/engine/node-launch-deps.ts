/**
 * What every node attempt an engine launches shares — the executors, the agent providers and judge, the
 * sandbox, the workspace root and the output limits — from the engine's options and their defaults. Each
 * launch adds its own log sink and hooks (`RunEngine.launch`).
 */
import { DEFAULT_EXECUTOR_CATALOG } from "@/lib/describe/default-executor-catalog";
import { NO_AGENT_PROVIDERS } from "@/server/providers/agent-providers";
import { defaultProcessSandbox } from "@/server/sandbox/process-sandbox";
import { createAgentJudge } from "./agent-judge";
import type { Clock } from "./clock";
import type { EngineOptions } from "./engine-options";
import type { ExecuteNodeDeps } from "./execute-node";
import { createExecutorRegistry } from "./executors/executor-registry";
import type { RunStore } from "./run-store";

export type SharedLaunchDeps = Omit<ExecuteNodeDeps, "emitLog" | "onSpawn" | "onStep">;

export function sharedLaunchDeps(o: EngineOptions<RunStore>, clock: Clock): SharedLaunchDeps {
  const providers = o.providers ?? NO_AGENT_PROVIDERS;
  return {
    executors: o.executors ?? createExecutorRegistry(),
    judge: o.judge ?? createAgentJudge(providers),
    providers,
    catalog: o.catalog ?? (() => DEFAULT_EXECUTOR_CATALOG),
    sandbox: o.sandbox ?? defaultProcessSandbox(),
    runsDir: o.runsDir,
    maxOutputBytes: o.maxOutputBytes ?? 1 << 20,
    ...(o.shell ? { shell: o.shell } : {}),
    maxLogBytes: o.maxLogBytes ?? 256 * 1024,
    now: () => clock.now(),
  };
}
